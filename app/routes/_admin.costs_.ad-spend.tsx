// /costs/ad-spend (docs/product/ad-spend.md): ad spend for channels without a connected
// platform — a CSV import (preview, confirm, undo of the last one) and manual entry per day
// and channel. The P&L's ad spend lines and the daily rollups follow every write.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { useChangeSearchParams } from "~/components/search-params";
import { dayInZone } from "~/lib/dates";
import { FieldError, fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { readCsvUpload } from "~/platform/csv-upload.server";
import {
  addAdSpend,
  connectedChannels,
  deleteAdSpend,
  importIntent,
  lastImport,
  pageOfAdSpend,
  updateAdSpend,
  CostsRefused,
} from "~/features/profit/index.server";
import {
  AdSpendCard,
  COSTS_PAGE_SIZE,
  CsvImportCard,
  adSpendAmountSchema,
  adSpendSchema,
  type AdSpendPlanRow,
} from "~/features/profit";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { formatMoney } from "~/lib/money";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Ad Spend · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  const [spend, connected, last] = await Promise.all([
    pageOfAdSpend(shop, page, COSTS_PAGE_SIZE),
    connectedChannels(shop.id),
    lastImport(shop.id, "ad_spend"),
  ]);
  return {
    currency: shop.currency,
    timezone: shop.timezone,
    today: dayInZone(new Date(), shop.timezone),
    spend,
    connected: [...connected].sort(),
    last,
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const upload = await readCsvUpload(request);
  if (!upload.ok) return data({ ok: false, intent: "", fieldErrors: upload.fieldErrors }, { status: upload.status });
  const imported = await importIntent(ctx, "ad_spend", upload);
  if (imported) return data(imported.body, { status: imported.status });
  const { values } = upload;
  const intent = values.intent ?? "";
  const answer = (status: number, fieldErrors: FieldErrors) => data({ ok: false, intent, fieldErrors }, { status });
  const id = values.id ?? "";
  try {
    if (intent === "addSpend") {
      const parsed = adSpendSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      await addAdSpend(ctx, parsed.data);
    } else if (intent === "updateSpend" || intent === "deleteSpend") {
      if (!ID.test(id)) return answer(404, { _form: ["Ad spend not found"] });
      if (intent === "deleteSpend") await deleteAdSpend(ctx, id);
      else {
        const parsed = adSpendAmountSchema.safeParse(values);
        if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
        await updateAdSpend(ctx, id, parsed.data);
      }
    } else return answer(400, { intent: ["Unknown action"] });
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    if (error instanceof CostsRefused) return answer(error.status, { _form: [error.message] });
    throw error;
  }
  return { ok: true, intent };
});

export default function AdSpend() {
  const { currency, timezone, today, spend, connected, last } = useLoaderData<typeof loader>();
  const change = useChangeSearchParams();
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <AdminPage title="Ad Spend">
      <BlockStack gap="500">
        <CsvImportCard<AdSpendPlanRow>
          title="Import ad spend from a CSV file"
          help={`Columns: date (YYYY-MM-DD), channel, campaign (optional), spend, currency (${currency}). Campaigns are summed per day and channel.`}
          last={last}
          timezone={timezone}
          headings={["Date", "Channel", "Spend"]}
          cells={(r) => [
            r.day,
            r.channel,
            r.oldAmountMinor === null ? money(r.amountMinor) : `${money(r.oldAmountMinor)} → ${money(r.amountMinor)}`,
          ]}
        />
        <AdSpendCard
          page={spend}
          currency={currency}
          today={today}
          connected={connected}
          onPage={(p) => change({ page: String(p) })}
        />
      </BlockStack>
    </AdminPage>
  );
}
