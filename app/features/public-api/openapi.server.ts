// The OpenAPI 3.1 document of /api/v1, generated from the endpoints' zod schemas (schemas.ts):
// served at /api/v1/openapi.json, linted by redocly in `npm test`, rendered by /api-docs.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { planFor } from "~/features/billing";
import { BASE_PATH, ENDPOINTS, ErrorEnvelope, envelope, type Endpoint } from "./schemas";

const ERRORS: Record<number, string> = {
  400: "Invalid parameter or body (`error.param` names it)",
  401: "Missing, malformed, revoked or expired API key",
  403: "The key lacks the endpoint's scope",
  404: "Not the key's store, or no such record",
  409: "Not allowed from the record's status, or a request with this Idempotency-Key is still running",
  413: "Body over 64 kB",
  422: "This Idempotency-Key was used with another request",
  429: "Hourly limit or monthly quota reached (see Retry-After)",
  503: "The store's database was busy with other writes, or the API is not configured (retry after Retry-After)",
};

function describe(): string {
  const starter = planFor("starter");
  const pro = planFor("pro");
  return [
    "Profit Pilot's public API. Every answer is `{ success, data, error, timestamp }`.",
    `Calls per hour: Starter ${starter.apiCallsPerHour?.toLocaleString("en-US")}, Pro ${pro.apiCallsPerHour?.toLocaleString("en-US")}, Enterprise unlimited.`,
    `Calls per month: Starter ${starter.apiCallsPerMonth?.toLocaleString("en-US")}, Pro ${pro.apiCallsPerMonth?.toLocaleString("en-US")}, Enterprise unlimited.`,
  ].join("\n\n");
}

let cached: ReturnType<OpenApiGeneratorV31["generateDocument"]> | null = null;

export function openApiDocument() {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → API Keys (pp_live_…)",
  });
  for (const e of Object.values(ENDPOINTS) as Endpoint[]) {
    const errors = Object.fromEntries(
      Object.entries(ERRORS)
        .filter(([status]) => (status !== "413" || e.body) && (!["409", "422"].includes(status) || e.method === "post"))
        .map(([status, description]) => [
          status,
          { description, content: { "application/json": { schema: ErrorEnvelope } } },
        ]),
    );
    registry.registerPath({
      operationId: e.id,
      method: e.method,
      path: e.path,
      summary: e.summary,
      description:
        `Needs the \`${e.scope}\` scope.` +
        (e.method === "post" ? " Send an `Idempotency-Key` header to retry safely: the first answer is replayed." : ""),
      // The resource: the path's first word after the store (invoices for …/invoices/{id}/send).
      tags: [e.path.split("/").filter((p) => p && p !== "stores" && !p.startsWith("{"))[0] ?? "api"],
      security: [{ [bearer.name]: [] }],
      request: {
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { query: e.query } : {}),
        ...(e.body ? { body: { required: true, content: { "application/json": { schema: e.body } } } } : {}),
      },
      responses: {
        [e.status ?? 200]: {
          description: "Success",
          content: {
            "application/json": { schema: envelope(e.response, `${e.id[0].toUpperCase()}${e.id.slice(1)}Response`) },
          },
        },
        ...errors,
      },
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Profit Pilot API",
      version: "1.0.0",
      description: describe(),
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // Relative: the API answers on whichever host serves this document.
    servers: [{ url: BASE_PATH }],
  });
  return cached;
}
