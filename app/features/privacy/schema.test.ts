import { describe, expect, it } from "vitest";
import { contactSchema, exportRequestSchema } from "~/features/privacy/schema";

describe("public form schemas", () => {
  it("accepts an address, trimmed and lower-cased", () => {
    expect(exportRequestSchema.parse({ email: "  Ana@Example.COM " })).toEqual({ email: "ana@example.com" });
  });
  it("rejects a malformed or missing address", () => {
    expect(exportRequestSchema.safeParse({ email: "not-an-address" }).success).toBe(false);
    expect(exportRequestSchema.safeParse({}).success).toBe(false);
    expect(exportRequestSchema.safeParse({ email: `${"a".repeat(250)}@x.io` }).success).toBe(false);
  });
  it("requires first name, e-mail and message on the contact form", () => {
    const r = contactSchema.safeParse({ firstName: "", email: "a@b.co", message: " " });
    expect(r.success).toBe(false);
    expect(contactSchema.parse({ firstName: "Ana", email: "a@b.co", message: "Hi" }).company).toBe("");
  });
});
