// The environment's rules, without reading process.env, so tests can check them.
import { z } from "zod";

const SHOPIFY_VARS = ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET", "SHOPIFY_APP_URL", "SCOPES"] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const baseSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalText,
  DEMO_MODE: optionalText,
  SHOPIFY_API_KEY: optionalText,
  SHOPIFY_API_SECRET: optionalText,
  SHOPIFY_APP_URL: optionalText.pipe(z.url({ message: "SHOPIFY_APP_URL must be a URL" }).optional()),
  SCOPES: optionalText,
  SHOP_CUSTOM_DOMAIN: optionalText,
  PORT: z.coerce.number().int().positive().default(3000),
});

export type AppEnv = {
  nodeEnv: "development" | "production" | "test";
  databaseUrl: string;
  /** True only when DEMO_MODE=1 is set explicitly and no Shopify API key is configured. */
  demoMode: boolean;
  shopify: {
    apiKey: string;
    apiSecret: string;
    appUrl: string;
    scopes: string[];
    customShopDomains: string[];
  } | null;
  port: number;
};

export class EnvError extends Error {
  constructor(public readonly missing: string[], detail?: string) {
    super(
      detail ??
        `Invalid environment: missing ${missing.join(", ")}. Set ${missing.length > 1 ? "them" : "it"} ` +
          `(see README "Running in a real store"), or run the demo with DEMO_MODE=1 and no SHOPIFY_API_KEY.`,
    );
    this.name = "EnvError";
  }
}

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.db";

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const parsed = baseSchema.safeParse(source);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => String(i.path[0]));
    throw new EnvError(names, `Invalid environment: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ")}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  // Demo mode is never on when a Shopify API key is configured, whatever else is set.
  const demoMode = env.DEMO_MODE === "1" && !env.SHOPIFY_API_KEY;

  const missing: string[] = [];
  if (production && !env.DATABASE_URL) missing.push("DATABASE_URL");
  const shopifyMissing = SHOPIFY_VARS.filter((name) => !env[name]);
  const wantsShopify = !demoMode;
  if (wantsShopify && production) missing.push(...shopifyMissing);
  if (missing.length) throw new EnvError(missing);

  let shopify: AppEnv["shopify"] = null;
  if (wantsShopify && shopifyMissing.length === 0) {
    shopify = {
      apiKey: env.SHOPIFY_API_KEY!,
      apiSecret: env.SHOPIFY_API_SECRET!,
      appUrl: env.SHOPIFY_APP_URL!,
      scopes: env.SCOPES!.split(",").map((s) => s.trim()).filter(Boolean),
      customShopDomains: env.SHOP_CUSTOM_DOMAIN ? [env.SHOP_CUSTOM_DOMAIN] : [],
    };
  }

  return {
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    demoMode,
    shopify,
    port: env.PORT,
  };
}
