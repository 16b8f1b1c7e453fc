import { describe, expect, it } from "vitest";
import { DEFAULT_INSTRUCTIONS, paymentOption } from "~/features/invoices/payment";

const invoice = { paymentMethod: "stripe", totalMinor: 12_50, currency: "USD", publicToken: "tok" };
const none = { stripeEnabled: false, paypalMeUrl: null, instructions: null, baseUrl: "https://app.example" };

describe("payment option", () => {
  it("uses Stripe only when configured", () => {
    expect(paymentOption(invoice, { ...none, stripeEnabled: true })).toEqual({
      kind: "stripe",
      url: "https://app.example/i/tok/pay",
      label: "Pay by card",
    });
    expect(paymentOption(invoice, none)).toEqual({ kind: "instructions", text: DEFAULT_INSTRUCTIONS });
  });
  it("builds a PayPal.Me link with amount and currency", () => {
    const jpy = { ...invoice, paymentMethod: "paypal", totalMinor: 1500, currency: "JPY" };
    expect(paymentOption(jpy, { ...none, paypalMeUrl: "https://paypal.me/shop/" })).toMatchObject({
      url: "https://paypal.me/shop/1500JPY",
    });
  });
  it("falls back to the merchant's instructions", () => {
    expect(
      paymentOption(
        { ...invoice, paymentMethod: "none" },
        { ...none, stripeEnabled: true, instructions: "Bank transfer to X" },
      ),
    ).toEqual({ kind: "instructions", text: "Bank transfer to X" });
    expect(
      paymentOption(
        { ...invoice, paymentMethod: "crypto", cryptoCurrency: "USDC" },
        { ...none, instructions: "Wallet 0xabc" },
      ),
    ).toEqual({ kind: "instructions", text: "Pay in USDC. Wallet 0xabc" });
  });
});

import { adsForMessage } from "~/features/invoices/ads";

describe("ad rotation", () => {
  const ad = (id: string, position: "top" | "bottom" | "sidebar") => ({ id, title: id, description: "", position });
  const ads = [ad("a", "top"), ad("b", "top"), ad("c", "top"), ad("s", "sidebar")];
  it("shows every ad without rotation", () => {
    expect(adsForMessage(ads, false, 5).top.map((a) => a.id)).toEqual(["a", "b", "c"]);
  });
  it("rotates one ad per position from one send to the next", () => {
    expect([0, 1, 2, 3].map((i) => adsForMessage(ads, true, i).top[0].id)).toEqual(["a", "b", "c", "a"]);
    expect(adsForMessage(ads, true, 2).sidebar.map((a) => a.id)).toEqual(["s"]);
    expect(adsForMessage(ads, true, 0).bottom).toEqual([]);
  });
});
