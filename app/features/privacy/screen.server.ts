// The /privacy screen's loader and action, behind the thin route (house rule 4).
import { DATA_CATEGORIES } from "~/content/gdpr";
import { SITE } from "~/content/site";
import { prisma } from "~/db.server";
import { formatInstant } from "~/lib/dates";
import type { Actor } from "~/features/audit/index.server";
import {
  REQUEST_TABS,
  compliance,
  confirmItem,
  listRequests,
  privacyStatus,
  saveSettings,
  type RequestTab,
} from "./centre.server";
import { reportPeriod } from "./report.server";
import { describeRetention } from "./retention.server";
import { actOnRequest, privacySettings } from "./requests.server";
import type { PrivacyAction } from "./schema";
import type { PrivacyTab } from "./tabs";

type ShopRef = { id: string; timezone: string; name: string };

/** The Policies tab: the retention periods, what the job last did, the policy texts and their versions. */
async function policies(shop: ShopRef) {
  const last = await prisma.auditEntry.findFirst({
    where: { shopId: shop.id, action: "privacy.retention.run" },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true, after: true },
  });
  return {
    retention: DATA_CATEGORIES.map((c) => ({ category: c.category, examples: c.examples, retention: c.retention })),
    lastRetentionRun: last
      ? {
          at: formatInstant(last.createdAt, shop.timezone),
          did: describeRetention(last.after),
        }
      : null,
    texts: [
      { title: "Privacy Policy", url: "/privacy-policy", version: SITE.legalUpdated },
      { title: "Terms of Service", url: "/terms", version: SITE.legalUpdated },
      { title: "GDPR", url: "/gdpr", version: SITE.legalUpdated },
    ],
  };
}

export async function loadPrivacyScreen(shop: ShopRef, tab: PrivacyTab, requestTab: string | null, page: number) {
  const now = new Date();
  const filter: RequestTab = REQUEST_TABS.find((t) => t === requestTab) ?? "open";
  const [status, checklist, settings] = await Promise.all([
    privacyStatus(shop, now),
    compliance(shop.id, now),
    privacySettings(prisma, shop.id),
  ]);
  return {
    tab,
    status,
    checklist,
    settings: {
      gdprActive: settings.gdprActive,
      ccpaActive: settings.ccpaActive,
      dpoName: settings.dpoName ?? "",
      dpoEmail: settings.dpoEmail ?? "",
      promiseDays: settings.promiseDays,
      reminderLeadDays: settings.reminderLeadDays,
    },
    requestTab: filter,
    // Generate Report's default period: the last 90 days.
    report: reportPeriod({}, shop.timezone, now),
    // The Overview lists the most urgent open requests; the Data Requests tab pages through the chosen filter.
    requests:
      tab === "requests"
        ? await listRequests(shop, filter, page, now)
        : tab === "overview"
          ? await listRequests(shop, "open", 1, now)
          : null,
    policies: tab === "policies" ? await policies(shop) : null,
  };
}
export type PrivacyScreenData = Awaited<ReturnType<typeof loadPrivacyScreen>>;

export async function actOnPrivacy(ctx: Actor & { shop: ShopRef }, action: PrivacyAction, origin: string) {
  if (action.intent === "settings") return saveSettings(ctx, action);
  if (action.intent === "confirm") return confirmItem(ctx, action.item, action.confirmed);
  return actOnRequest(ctx, ctx.shop, action, { origin });
}
