// The OpenAPI document generated from the v1 schemas passes redocly's recommended lint with no
// error and no warning, and documents every endpoint the routes serve.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.server";
import { ENDPOINTS } from "./schemas";

describe("the v1 OpenAPI document", () => {
  it("is OpenAPI 3.1 with every endpoint, and redocly finds no problem in it", () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    for (const e of Object.values(ENDPOINTS)) expect(doc.paths?.[e.path]?.[e.method]?.operationId).toBe(e.id);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const cli = path.resolve("node_modules/@redocly/cli/bin/cli.js");
    const run = spawnSync(process.execPath, [cli, "lint", "--format=stylish", file], { encoding: "utf8" });
    expect(run.stdout + run.stderr).toContain("Your API description is valid");
    expect(run.stdout + run.stderr).not.toMatch(/You have \d+ (warning|error)/);
    expect(run.status).toBe(0);
    // redocly starts a second Node process: seconds on a loaded machine.
  }, 60_000);
});
