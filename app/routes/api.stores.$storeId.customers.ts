// GET /api/stores/{storeId}/customers?segment=&limit= (docs/product/api.md): the shop's customers
// of a segment, most valuable first, with their scores, lifetime value and churn risk.
import { badRequest, json } from "~/platform/http.server";
import { customerDto, customersApiQuery } from "~/features/customers";
import { customersBySegment } from "~/features/customers/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { fieldErrorsOf } from "~/lib/forms";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, request }) => {
    const url = new URL(request.url);
    const parsed = customersApiQuery.safeParse({
      segment: url.searchParams.get("segment") ?? undefined,
      limit: url.searchParams.get("limit") || undefined,
    });
    if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
    const rows = await customersBySegment(ctx.shop, parsed.data.segment, parsed.data.limit);
    return json(
      {
        segment: parsed.data.segment ?? "all",
        customers: rows.map((r) => customerDto(r, ctx.shop.currency)),
      },
      { headers: { "Cache-Control": "private, no-store", Vary: "Authorization, Cookie" } },
    );
  },
});
