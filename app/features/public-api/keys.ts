// The API key's shape and its scopes (docs/product/public-api.md): `pp_live_` and 32 random bytes
// written in base62 (43 characters), shown once. Pure: the hashing and storage are keys.server.ts.
import { z } from "zod";

export const KEY_PREFIX = "pp_live_";
/** 32 bytes in base62 take at most 43 digits; shorter numbers are left-padded with 0. */
export const KEY_BODY_LENGTH = 43;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 32 bytes as a fixed-width base62 number (every key has the same length). */
export function base62(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(KEY_BODY_LENGTH, "0");
}

const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${KEY_BODY_LENGTH}}$`);

/** Whether a presented secret has a key's form (anything else is refused before any lookup). */
export const isKeyShaped = (secret: string) => KEY_PATTERN.test(secret);

/** Resources and what a key may do with each (read-only resources have no write). */
export const RESOURCES = {
  analytics: ["read"],
  customers: ["read"],
  insights: ["read", "write"],
  inventory: ["read"],
  invoices: ["read", "write"],
  costs: ["read", "write"],
  loyalty: ["read", "write"],
} as const satisfies Record<string, readonly ("read" | "write")[]>;

export type Resource = keyof typeof RESOURCES;
export type Scope = `${Resource}:${"read" | "write"}`;

export const ALL_SCOPES: Scope[] = (Object.keys(RESOURCES) as Resource[]).flatMap((r) =>
  RESOURCES[r].map((a) => `${r}:${a}` as Scope),
);

export const RESOURCE_LABELS: Record<Resource, string> = {
  analytics: "Analytics",
  customers: "Customers",
  insights: "Insights",
  inventory: "Inventory",
  invoices: "Invoices",
  costs: "Costs",
  loyalty: "Loyalty",
};

/** A write scope includes reading the same resource. */
export function allows(scopes: readonly string[], needed: Scope): boolean {
  if (scopes.includes(needed)) return true;
  const [resource, access] = needed.split(":");
  return access === "read" && scopes.includes(`${resource}:write`);
}

export const parseScopes = (stored: string): Scope[] =>
  stored.split(" ").filter((s): s is Scope => (ALL_SCOPES as string[]).includes(s));

/** Grace periods a roll may give the old key (hours); 0 ends it at once. */
export const GRACE_HOURS = [0, 1, 24, 72, 168] as const;

const name = z.string().trim().min(1, "Enter a name for the key").max(80, "Use at most 80 characters");

/** The Settings → API Keys form (one schema for the form and its action). */
export const apiKeyActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name,
    // Space-separated, as the form sends them.
    scopes: z
      .string()
      .max(1_000)
      .transform((v) => v.split(/\s+/).filter(Boolean))
      .pipe(
        z
          .array(z.enum(ALL_SCOPES as [Scope, ...Scope[]], { message: "Unknown scope" }))
          .min(1, "Choose at least one scope"),
      ),
  }),
  z.object({ intent: z.literal("revoke"), keyId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal("roll"),
    keyId: z.string().min(1).max(100),
    graceHours: z.coerce
      .number()
      .int()
      .refine((h) => (GRACE_HOURS as readonly number[]).includes(h), "Choose a grace period from the list"),
  }),
]);

export type ApiKeyAction = z.infer<typeof apiKeyActionSchema>;

/** A key as Settings → API Keys lists it (never the secret nor its hash). */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  lastFour: string;
  scopes: Scope[];
  createdByName: string;
  createdByEmail: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  status: "active" | "expiring" | "expired" | "revoked";
};
