import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env-schema";

const shopify = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret",
  SHOPIFY_APP_URL: "https://app.example.com",
  SCOPES: "read_orders,read_products",
};

describe("parseEnv", () => {
  it("stops a production boot naming every missing variable", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    try {
      parseEnv({ NODE_ENV: "production", SHOPIFY_API_KEY: "key" });
    } catch (error) {
      expect((error as EnvError).missing).toEqual(["DATABASE_URL", "SHOPIFY_API_SECRET", "SHOPIFY_APP_URL", "SCOPES"]);
      expect((error as Error).message).toContain("SHOPIFY_API_SECRET");
    }
  });

  it("never falls back to the demo in production without DEMO_MODE=1", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app" })).toThrow(/SHOPIFY_API_KEY/);
  });

  it("runs the demo only when DEMO_MODE=1 is explicit and no API key is set", () => {
    const demo = parseEnv({ NODE_ENV: "production", DATABASE_URL: "file:./demo.db", DEMO_MODE: "1" });
    expect(demo.demoMode).toBe(true);
    expect(demo.shopify).toBeNull();
    const withKey = parseEnv({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://db/app",
      DEMO_MODE: "1",
      ...shopify,
    });
    expect(withKey.demoMode).toBe(false);
    expect(withKey.shopify?.apiKey).toBe("key");
    // A key alone (even without the rest) disables the demo, so the production boot fails instead.
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "file:x.db", DEMO_MODE: "1", SHOPIFY_API_KEY: "key" }),
    ).toThrow(/SHOPIFY_API_SECRET/);
    expect(parseEnv({ NODE_ENV: "development", DEMO_MODE: "true" }).demoMode).toBe(false);
  });

  it("validates formats", () => {
    expect(() => parseEnv({ ...shopify, SHOPIFY_APP_URL: "not a url" })).toThrow(/SHOPIFY_APP_URL/);
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ ...shopify }).shopify?.scopes).toEqual(["read_orders", "read_products"]);
  });
});

describe("booting the server module", () => {
  const root = path.resolve(__dirname, "../..");
  const boot = (env: Record<string, string>) => {
    try {
      const out = execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          "const m = await import('./app/env.server.ts'); console.log(JSON.stringify({ demo: m.env.demoMode, shopify: !!m.env.shopify }))",
        ],
        {
          cwd: root,
          env: { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      return { code: 0, out };
    } catch (error) {
      const e = error as { status: number; stderr: string };
      return { code: e.status, out: e.stderr };
    }
  };

  it("refuses to start in production without Shopify credentials or DEMO_MODE", () => {
    const result = boot({ NODE_ENV: "production", DATABASE_URL: "file:/tmp/x.db" });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain("SHOPIFY_API_KEY");
  });

  it("is not a demo when SHOPIFY_API_KEY is set, whatever else is configured", () => {
    const result = boot({ NODE_ENV: "production", DATABASE_URL: "file:/tmp/x.db", DEMO_MODE: "1", ...shopify });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ demo: false, shopify: true });
  });
}, 30_000);

describe("TELEMETRY", () => {
  it("records unless TELEMETRY=off, and refuses anything but on or off", () => {
    expect(parseEnv({}).telemetry.enabled).toBe(true);
    expect(parseEnv({ TELEMETRY: "on" }).telemetry.enabled).toBe(true);
    expect(parseEnv({ TELEMETRY: "off" }).telemetry.enabled).toBe(false);
    expect(() => parseEnv({ TELEMETRY: "no" })).toThrow(/TELEMETRY must be on or off/);
  });

  it("configures insight narration from either provider's key, Anthropic first", () => {
    expect(parseEnv({}).narration).toBeNull();
    expect(parseEnv({ OPENAI_API_KEY: "sk-o" }).narration).toEqual({
      kind: "openai",
      apiKey: "sk-o",
      baseUrl: "https://api.openai.com/v1",
      model: "gpt-4o-mini",
    });
    expect(
      parseEnv({
        OPENAI_API_KEY: "sk-o",
        ANTHROPIC_API_KEY: "sk-a",
        INSIGHTS_MODEL: "claude-x",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9/",
      }).narration,
    ).toEqual({ kind: "anthropic", apiKey: "sk-a", baseUrl: "http://127.0.0.1:9", model: "claude-x" });
    expect(() => parseEnv({ OPENAI_BASE_URL: "not a url" })).toThrow(/OPENAI_BASE_URL must be a URL/);
  });
});
