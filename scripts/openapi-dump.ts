// Writes the v1 OpenAPI document (generated from the zod schemas) to the path given, for the linter.
import { writeFileSync } from "node:fs";
import { openApiDocument } from "~/features/public-api/index.server";

writeFileSync(process.argv[2], JSON.stringify(openApiDocument(), null, 2));
