// Each ad platform's row on Settings → Integrations from its facts (status.server.ts): pure, so
// every rule has a test with plain inputs. Statuses as decision 047 defines them: connected (it
// works end to end), pending (one named step left), disconnected (it cannot work now).
import { PLATFORM_NAMES, type AdPlatform } from "~/features/ad-platforms/platforms";
import type { AdControlsData } from "~/features/ad-platforms/components/AdPlatformControls";

export type AdPlatformFacts = {
  platform: AdPlatform;
  /** Why the feature is off (no AD_TOKENS_KEY), or null. */
  keyError: string | null;
  /** The OAuth client's variables not set. */
  missing: string[];
  connection: {
    status: string;
    replay: boolean;
    connectedAt: Date;
    lastSyncAt: Date | null;
    syncedThrough: string | null;
    rateNote: string | null;
    lastError: string | null;
    lastErrorAt: Date | null;
  } | null;
  accounts: { accountId: string; name: string; currency: string; selected: boolean }[];
};

export type AdRowParts = {
  id: AdPlatform;
  name: string;
  description: string;
  status: "connected" | "pending" | "disconnected";
  detail: string;
  lastSync: string | null;
  lastSyncLabel: string;
  lastError: { at: string | null; message: string } | null;
  ads: AdControlsData;
};

const DESCRIPTIONS: Record<AdPlatform, string> = {
  google_ads: "Daily spend, clicks, conversions and conversion value per campaign, from the Google Ads API.",
  meta_ads: "Daily spend, clicks, purchases and purchase value per campaign, from Meta's Marketing API.",
  tiktok_ads: "Daily spend, clicks, conversions and payment value per campaign, from TikTok's Business API.",
};

function statusOf(f: AdPlatformFacts): Pick<AdRowParts, "status" | "detail"> {
  const c = f.connection;
  if (f.keyError) return { status: "disconnected", detail: f.keyError };
  if (!c && f.missing.length)
    return { status: "disconnected", detail: `Not configured: set ${f.missing.join(", ")} to connect.` };
  if (!c) return { status: "pending", detail: "Not connected: connect to read its spend into your P&L." };
  if (c.status === "revoked")
    return { status: "disconnected", detail: "The platform no longer accepts the app's access: reconnect." };
  if (c.status === "failed")
    return { status: "disconnected", detail: "The last sync failed: see the error, then Sync now." };
  const selected = f.accounts.filter((a) => a.selected);
  if (selected.length === 0) return { status: "pending", detail: "Choose at least one ad account to include." };
  if (!c.lastSyncAt) return { status: "pending", detail: "The first sync (12 months back) is running." };
  const accounts = selected.length === 1 ? "1 account" : `${selected.length} accounts`;
  const demo = c.replay ? " Demo account: recorded pages replayed." : "";
  const rate = c.rateNote ? ` ${c.rateNote}.` : "";
  return {
    status: "connected",
    detail: `Reading ${accounts}; spend through ${c.syncedThrough ?? "today"}, synced daily.${rate}${demo}`,
  };
}

export function adPlatformRow(f: AdPlatformFacts): AdRowParts {
  const c = f.connection;
  return {
    id: f.platform,
    name: PLATFORM_NAMES[f.platform],
    description: DESCRIPTIONS[f.platform],
    ...statusOf(f),
    lastSync: c?.lastSyncAt?.toISOString() ?? null,
    lastSyncLabel: "Last sync",
    lastError: c?.lastError ? { at: c.lastErrorAt?.toISOString() ?? null, message: c.lastError } : null,
    ads: {
      platform: f.platform,
      name: PLATFORM_NAMES[f.platform],
      canConnect: !f.keyError && f.missing.length === 0,
      connected: !!c,
      failed: c?.status === "failed",
      accounts: f.accounts,
    },
  };
}
