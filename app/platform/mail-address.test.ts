import { describe, expect, it } from "vitest";
import { addressOf, senderFor } from "~/platform/mail-address";

describe("the From header", () => {
  it("is the shop's name over the configured address", () => {
    expect(senderFor("Paper Goods", "Profit Pilot <no-reply@profitpilot.local>")).toBe(
      "Paper Goods <no-reply@profitpilot.local>",
    );
    expect(senderFor("Demo Store", "orders@mail.example")).toBe("Demo Store <orders@mail.example>");
  });

  it("quotes a name with specials and drops line breaks, so no header can be injected", () => {
    expect(senderFor('Smith, "Jones" & Co.', "a@b.example")).toBe('"Smith, \\"Jones\\" & Co." <a@b.example>');
    expect(senderFor("Evil\r\nBcc: x@y.example", "a@b.example")).toBe('"Evil Bcc: x@y.example" <a@b.example>');
  });

  it("is the configured sender as it is without a shop", () => {
    expect(senderFor(null, "Profit Pilot <no-reply@profitpilot.local>")).toBe(
      "Profit Pilot <no-reply@profitpilot.local>",
    );
    expect(addressOf(" Ops <ops@x.example> ")).toBe("ops@x.example");
  });
});
