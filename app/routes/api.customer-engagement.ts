// GET /api/customer-engagement (core.md §7; docs/product/engagement.md): the shop's campaigns with
// the spec's fields (name, type, status, sent, openRate, scheduledAt, recipients, triggers,
// recoveryRate) plus the measured figures, from the same code as the screen. 5-minute freshness.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { engagementSummary } from "~/features/engagement/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { cacheFor, json } from "~/platform/http.server";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const { campaigns, totals } = await engagementSummary(shop.id);
  return json(
    {
      storeId: shop.id,
      currency: shop.currency,
      totals,
      campaigns: campaigns.map((c) => ({
        id: c.id,
        name: c.name,
        type: c.type,
        status: c.status,
        sent: c.sent,
        openRate: c.openRate,
        clickRate: c.clickRate,
        scheduledAt: c.scheduledAt,
        recipients: c.recipients,
        holdout: c.holdout,
        triggers: c.audience === "segment" ? [] : [{ type: c.audience, delayDays: c.delayDays }],
        segment: c.segment,
        recoveryRate: c.recoveryRate,
        attributedRevenueMinor: c.attributedRevenueMinor,
        incremental: c.lift,
      })),
    },
    { headers: cacheFor(300) },
  );
}
