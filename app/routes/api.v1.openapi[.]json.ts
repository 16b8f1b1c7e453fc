// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from the same zod schemas
// that validate its requests (features/public-api/schemas.ts). Public, like /api-docs.
import { openApiDocument } from "~/features/public-api/index.server";

export function loader() {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
