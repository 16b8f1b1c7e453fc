import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ANALYTICS_SCOPE,
  APP_TOML_SCOPES,
  SCOPE_FEATURES,
  WEBHOOK_TOPICS,
  missingScopes,
  parseScopes,
  scopeRows,
} from "~/features/settings/shopify-access";

const toml = fs.readFileSync(path.resolve(__dirname, "../../../shopify.app.toml"), "utf8");

describe("what the app requests mirrors shopify.app.toml", () => {
  it("the scopes", () => {
    const scopes = /^scopes = "([^"]*)"/m.exec(toml)?.[1];
    expect(scopes?.split(",")).toEqual(APP_TOML_SCOPES);
  });

  it("the webhook topics, each with its route", () => {
    const topics = [...toml.matchAll(/^\s*(?:compliance_)?topics = \[ "([^"]+)" \]/gm)].map((m) => m[1]);
    expect([...topics].sort()).toEqual([...WEBHOOK_TOPICS].sort());
    for (const topic of WEBHOOK_TOPICS)
      expect(fs.existsSync(path.resolve(__dirname, `../../routes/webhooks.${topic.replace("/", ".")}.tsx`))).toBe(true);
  });

  it("every requested scope, and read_reports, says what it feeds", () => {
    for (const scope of [...APP_TOML_SCOPES, ANALYTICS_SCOPE]) expect(SCOPE_FEATURES[scope]?.length).toBeGreaterThan(0);
  });
});

describe("scope → features", () => {
  it("a missing scope lists what it disables; a granted one nothing", () => {
    const rows = scopeRows(["read_orders", "read_reports"], ["read_orders"]);
    expect(rows).toEqual([
      { scope: "read_orders", requested: true, granted: true, disables: [] },
      {
        scope: "read_reports",
        requested: true,
        granted: false,
        disables: ["Analytics sessions and the conversion funnel"],
      },
    ]);
  });

  it("read_orders missing turns off the profit figures", () => {
    const [row] = scopeRows(["read_orders"], []);
    expect(row.disables.join(" ")).toMatch(/Profit figures/);
  });

  it("a scope not in the table still says something", () => {
    expect(scopeRows(["read_locations"], [])[0].disables).toEqual(["Features that need read_locations"]);
  });

  it("granted scopes beyond the request are listed after the requested ones", () => {
    expect(scopeRows(["read_orders"], ["read_themes", "read_orders"]).map((r) => [r.scope, r.requested])).toEqual([
      ["read_orders", true],
      ["read_themes", false],
    ]);
  });

  it("parses Shopify's scope string; a write scope grants its read scope", () => {
    expect(parseScopes(" read_orders, write_products ,,")).toEqual(["read_orders", "write_products", "read_products"]);
    expect(parseScopes(null)).toEqual([]);
    expect(parseScopes("write_app_proxy")).toEqual(["write_app_proxy"]);
    expect(missingScopes(["read_orders", "read_products"], parseScopes("write_products"))).toEqual(["read_orders"]);
  });
});
