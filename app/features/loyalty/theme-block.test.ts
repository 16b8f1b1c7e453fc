// The storefront block (extensions/loyalty-points) rendered with liquidjs and sample data
// the way Shopify renders it: Shopify's own tags and filters (schema, t, asset_url,
// stylesheet_tag) stood in for, everything else the block's own Liquid.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Liquid, Tag, type TagToken, type TopLevelToken, type Context, type Emitter } from "liquidjs";

const root = path.resolve(__dirname, "../../../extensions/loyalty-points");
const block = fs.readFileSync(path.join(root, "blocks/loyalty-points.liquid"), "utf8");
const locale = JSON.parse(fs.readFileSync(path.join(root, "locales/en.default.json"), "utf8"));

function engine() {
  const liquid = new Liquid({ strictFilters: true });
  // {% schema %} is read by Shopify, not rendered.
  liquid.registerTag(
    "schema",
    class extends Tag {
      constructor(token: TagToken, remain: TopLevelToken[], l: Liquid) {
        super(token, remain, l);
        while (remain.length) {
          const t = remain.shift() as TopLevelToken & { name?: string };
          if (t.name === "endschema") return;
        }
      }
      render(_ctx: Context, _emitter: Emitter) {}
    },
  );
  // Shopify's t filter: the key in the extension's locale, with {{ var }} from keyword arguments
  // (liquidjs passes `name: value` as a [name, value] pair).
  liquid.registerFilter("t", (key: string, ...args: unknown[]) => {
    let text = String(key.split(".").reduce((o: any, k) => o?.[k], locale));
    for (const arg of args) if (Array.isArray(arg)) text = text.replace(`{{ ${String(arg[0])} }}`, String(arg[1]));
    return text;
  });
  liquid.registerFilter("asset_url", (file: string) => `https://cdn.example/extensions/loyalty/${file}`);
  liquid.registerFilter("stylesheet_tag", (url: string) => `<link rel="stylesheet" href="${url}">`);
  return liquid;
}

const schema = () => JSON.parse(block.slice(block.indexOf("{% schema %}") + 12, block.indexOf("{% endschema %}")));
const settings = Object.fromEntries(schema().settings.map((s: { id: string; default: string }) => [s.id, s.default]));

async function render(data: Record<string, unknown>) {
  return engine().parseAndRender(block, {
    block: { settings, shopify_attributes: 'data-shopify-editor-block="1"' },
    routes: { root_url: "/", account_login_url: "/account/login" },
    ...data,
  });
}

describe("the loyalty theme block", () => {
  it("has a valid app-block schema whose defaults it uses", () => {
    expect(schema()).toMatchObject({ name: "Loyalty points", target: "section" });
    expect(settings.heading).toBe("Your rewards");
  });

  it("shows a signed-in customer the fields the app proxy fills, from /apps/loyalty", async () => {
    const html = await render({ customer: { id: 501, first_name: "Ann" } });
    expect(html).toContain('data-proxy-url="/apps/loyalty"');
    expect(html).toContain("Hi Ann, here are your rewards.");
    for (const field of ["balance", "balanceValue", "tier", "howToRedeem", "next"])
      expect(html).toContain(`data-loyalty-field="${field}"`);
    expect(html).not.toContain("/account/login");
    expect(html).toContain('<script src="https://cdn.example/extensions/loyalty/loyalty-points.js" defer>');
    expect(html).not.toContain("endschema");
  });

  it("asks a signed-out visitor to sign in and fetches nothing for them", async () => {
    const html = await render({});
    expect(html).toContain('<a class="loyalty-points__sign-in" href="/account/login">Sign in</a>');
    expect(html).toContain("Sign in to see your points and how to redeem them.");
    expect(html).not.toContain('data-loyalty-field="balance"');
  });

  it("escapes the merchant's heading and keeps a locale's root in the proxy path", async () => {
    const html = await engine().parseAndRender(block, {
      block: { settings: { ...settings, heading: "<b>Points</b>" }, shopify_attributes: "" },
      routes: { root_url: "/fr", account_login_url: "/fr/account/login" },
    });
    expect(html).toContain("&lt;b&gt;Points&lt;/b&gt;");
    expect(html).toContain('data-proxy-url="/fr/apps/loyalty"');
  });
});
