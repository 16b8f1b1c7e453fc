import { describe, expect, it } from "vitest";
import { describeError, maskEmails } from "~/lib/log-safe";

describe("log-safe", () => {
  it("masks every e-mail address", () => {
    expect(maskEmails("550 rejected: ada.lovelace@example.com and bob@mail.example.co.uk")).toBe(
      "550 rejected: a***@example.com and b***@mail.example.co.uk",
    );
  });

  it("clips a long message so a request body is never echoed whole", () => {
    const line = describeError(new Error(`bad input ${"x".repeat(1_000_000)}`));
    expect(line.length).toBeLessThan(2_000);
    expect(line).toContain("more characters");
  });

  it("keeps the kind, the code and where it was thrown", () => {
    const error = Object.assign(new TypeError("boom for carol@example.org"), { code: "EENVELOPE" });
    const line = describeError(error);
    expect(line).toMatch(/^TypeError \[EENVELOPE\]: boom for c\*\*\*@example\.org \| at /);
    expect(line).not.toContain("carol@");
  });

  it("describes a thrown non-error without its value", () => {
    expect(describeError({ secret: "x" })).toBe("non-error thrown (object)");
  });
});
