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
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalText,
  // Public site and billing (issue 4).
  BILLING_TEST_MODE: optionalText.pipe(
    z.enum(["0", "1", "true", "false"], { message: "BILLING_TEST_MODE must be 1 or 0" }).optional(),
  ),
  SIGNING_SECRET: optionalText.pipe(z.string().min(32, "SIGNING_SECRET must be at least 32 characters").optional()),
  // Public API v1 (issue 39): the key under which API keys are hashed (HMAC-SHA256).
  API_KEY_SECRET: optionalText.pipe(z.string().min(32, "API_KEY_SECRET must be at least 32 characters").optional()),
  PUBLIC_SITE_URL: optionalText.pipe(z.url({ message: "PUBLIC_SITE_URL must be a URL" }).optional()),
  // Invoicing (issue 3): background jobs and card pay links.
  JOBS_DISABLED: optionalText,
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must start with sk_ or rk_")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText,
  // The app's own performance measurement (issue 16): TELEMETRY=off turns recording off (the benchmark's baseline).
  TELEMETRY: optionalText.pipe(z.enum(["on", "off"], { message: "TELEMETRY must be on or off" }).optional()),
  // Optional narration of insights (issue 37; decision 116): a language-model provider's key, an
  // optional model and base URL (the providers' own SDKs read the same names).
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalText.pipe(z.url({ message: "ANTHROPIC_BASE_URL must be a URL" }).optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url({ message: "OPENAI_BASE_URL must be a URL" }).optional()),
  INSIGHTS_MODEL: optionalText,
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
  /** Without SMTP every message is kept in the outbox only (the demo shows it there). */
  mail: { smtpUrl: string | null; from: string };
  /**
   * Shopify Billing API charges are test charges when true. Set explicitly with
   * BILLING_TEST_MODE; unset, it is true outside production and false in production
   * (never the library's own default).
   */
  billingTest: boolean;
  /**
   * Key under which API keys are hashed: API_KEY_SECRET; a fixed development key only in the demo,
   * development and tests (keys must survive restarts and agree across processes); null in
   * production without it, when the public API is off (docs/decisions/099-public-api.md).
   */
  apiKeySecret: string | null;
  /** Key for signed links (GDPR export): SIGNING_SECRET, else the app secret, else per-process random (demo). */
  signingSecret: string;
  /** Origin used for canonical URLs and links in e-mails; null = the request's own origin. */
  publicUrl: string | null;
  /** Background jobs run in the server process unless JOBS_DISABLED=1; never under test. */
  jobs: { disabled: boolean };
  /** Card payments through Stripe Checkout only when a secret key is configured. */
  stripe: { secretKey: string; webhookSecret: string | null } | null;
  /** Requests and Web Vitals are recorded for the Performance tab unless TELEMETRY=off. */
  telemetry: { enabled: boolean };
  /** The language model that may reword insights (Anthropic first when both keys are set), or null. */
  narration: NarrationProvider | null;
};

export type NarrationProvider = {
  kind: "anthropic" | "openai";
  apiKey: string;
  baseUrl: string;
  model: string;
};

export class EnvError extends Error {
  constructor(
    public readonly missing: string[],
    detail?: string,
  ) {
    super(
      detail ??
        `Invalid environment: missing ${missing.join(", ")}. Set ${missing.length > 1 ? "them" : "it"} ` +
          `(see README "Running in a real store"), or run the demo with DEMO_MODE=1 and no SHOPIFY_API_KEY.`,
    );
    this.name = "EnvError";
  }
}

function randomSecret(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Not a secret: the demo's and tests' API key hashing key (never used in production without DEMO_MODE). */
export const DEV_API_KEY_SECRET = "profit-pilot-development-api-key-secret-not-for-production";

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.db";

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const parsed = baseSchema.safeParse(source);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => String(i.path[0]));
    throw new EnvError(
      names,
      `Invalid environment: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ")}`,
    );
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
      scopes: env
        .SCOPES!.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      customShopDomains: env.SHOP_CUSTOM_DOMAIN ? [env.SHOP_CUSTOM_DOMAIN] : [],
    };
  }

  return {
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    demoMode,
    shopify,
    port: env.PORT,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM ?? "Profit Pilot <no-reply@profitpilot.local>" },
    billingTest:
      env.BILLING_TEST_MODE === undefined
        ? !production
        : env.BILLING_TEST_MODE === "1" || env.BILLING_TEST_MODE === "true",
    apiKeySecret: env.API_KEY_SECRET ?? (production && !demoMode ? null : DEV_API_KEY_SECRET),
    signingSecret: env.SIGNING_SECRET ?? env.SHOPIFY_API_SECRET ?? randomSecret(),
    publicUrl: (env.PUBLIC_SITE_URL ?? env.SHOPIFY_APP_URL ?? null)?.replace(/\/+$/, "") ?? null,
    jobs: { disabled: env.JOBS_DISABLED === "1" || env.NODE_ENV === "test" },
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null }
      : null,
    telemetry: { enabled: env.TELEMETRY !== "off" },
    narration: env.ANTHROPIC_API_KEY
      ? {
          kind: "anthropic",
          apiKey: env.ANTHROPIC_API_KEY,
          baseUrl: (env.ANTHROPIC_BASE_URL ?? "https://api.anthropic.com").replace(/\/+$/, ""),
          model: env.INSIGHTS_MODEL ?? "claude-3-5-haiku-latest",
        }
      : env.OPENAI_API_KEY
        ? {
            kind: "openai",
            apiKey: env.OPENAI_API_KEY,
            baseUrl: (env.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, ""),
            model: env.INSIGHTS_MODEL ?? "gpt-4o-mini",
          }
        : null,
  };
}
