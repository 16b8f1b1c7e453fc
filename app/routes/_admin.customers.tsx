// /customers (admin-and-public.md §2 screen 4; docs/decisions/052-customer-segments.md):
// segment cards, tabs, server-side search and segment filter, a sortable paged list with
// each customer's "R · F · M → segment" and, on demand (?explain=id), the reason.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, Text } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { AdminPage } from "~/components/AdminPage";
import { dayInZone } from "~/lib/dates";
import {
  CustomerCountLine,
  CustomerList,
  customerListParams,
  parseCustomerList,
  ScoreExplanation,
  SegmentCards,
  SegmentTags,
  customerTagsSchema,
  type CustomerListQuery,
} from "~/features/customers";
import {
  customerCounts,
  explainCustomer,
  listCustomers,
  pendingTagChanges,
  requestTagSync,
  segmentSummary,
  setSegmentTagging,
  tagSettings,
} from "~/features/customers/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { getJobQueue } from "~/platform/jobs/index.server";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useCan, type RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Customers · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const url = new URL(request.url);
  const parsed = parseCustomerList(url.searchParams);
  if (!parsed.success)
    throw data(
      { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") },
      { status: 400 },
    );
  const explain = url.searchParams.get("explain");
  const [list, summary, explanation, tags, pendingTags, counts] = await Promise.all([
    listCustomers(shop, parsed.data),
    segmentSummary(shop),
    explain && ID.test(explain) ? explainCustomer(shop, explain) : null,
    tagSettings(shop.id),
    pendingTagChanges(shop.id),
    customerCounts(shop.id),
  ]);
  return {
    currency: shop.currency,
    query: { ...parsed.data, page: list.page },
    paging: { page: list.page, pageCount: list.pageCount, total: list.total, capped: list.capped },
    rows: list.rows.map(({ lastOrderAt, ...r }) => ({
      ...r,
      lastOrderDay: lastOrderAt ? dayInZone(new Date(lastOrderAt), shop.timezone) : null,
    })),
    summary,
    explanation,
    tags,
    pendingTags,
    counts,
    demo: shop.isDemo,
  };
}

/** The segment-tags toggle: stored, audited, and the tag job queued. */
export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const { values } = read;
  if (values.intent !== "tags")
    return data({ ok: false, fieldErrors: { intent: ["Unknown action"] } }, { status: 400 });
  const parsed = customerTagsSchema.safeParse(values);
  if (!parsed.success) return data({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const { segment, enabled } = parsed.data;
  await setSegmentTagging(ctx.shop.id, segment, enabled);
  await recordAudit(ctx, "update", "customer_segment_tags", segment, null, { enabled });
  await requestTagSync(getJobQueue(), ctx.shop.id);
  return { ok: true, fieldErrors: {} };
});

export default function Customers() {
  const { rows, query, paging, summary, currency, explanation, tags, pendingTags, counts, demo } =
    useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { search } = useLocation();
  const canWrite = useCan("write");
  const canExport = useCan("exportPersonalData");
  const go = (params: URLSearchParams) =>
    navigate({ pathname: "/customers", search: params.toString() ? `?${params}` : "" }, { preventScrollReset: true });
  const onQuery = (change: Partial<CustomerListQuery>) =>
    go(customerListParams({ ...query, page: 1, ...change } as CustomerListQuery));
  const onExplain = (id: string) => {
    const params = customerListParams(query);
    params.set("explain", id);
    go(params);
  };
  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname === "/customers" &&
    navigation.location.search !== search;
  const exportParams = customerListParams({ ...query, page: 1 });
  exportParams.delete("page");
  exportParams.set("format", "csv");

  return (
    <AdminPage
      title="Customers"
      subtitle="Segments that explain themselves, lifetime value and churn risk"
      primaryAction={{
        content: "Add Customer",
        disabled: !canWrite,
        helpText: canWrite ? undefined : "Your role can read customers but not add them.",
        url: `/customers/new${search}`,
      }}
      secondaryActions={[
        {
          content: "Export",
          disabled: !canExport,
          helpText: canExport ? undefined : "Exporting customers' personal data needs the Owner or Admin role.",
          url: `/api/customers/export?${exportParams}`,
          target: "_blank",
        },
        { content: "Segment rules", url: "/customers/rules" },
        { content: "Campaigns", url: "/customers/campaigns" },
      ]}
    >
      <BlockStack gap="400">
        {summary.computedAt === null && (
          <Banner tone="info" title="Segments are being computed">
            <p>Customers get their scores once the store&apos;s import has finished.</p>
          </Banner>
        )}
        {summary.smallStore && (
          <Banner tone="info" title="Small store">
            <p>With fewer than 500 customers who have ordered, scores are tertiles (1–3) instead of quintiles (1–5).</p>
          </Banner>
        )}
        <SegmentCards cards={summary.cards} comparedWith={summary.comparedWith} />
        <Box paddingInline={{ xs: "400", sm: "0" }}>
          <CustomerCountLine counts={counts} />
        </Box>
        <Card padding="0">
          <CustomerList
            rows={rows}
            query={query}
            paging={paging}
            currency={currency}
            loading={loading}
            onQuery={onQuery}
            onExplain={onExplain}
          />
        </Card>
        <SegmentTags settings={tags} pending={pendingTags} canWrite={canWrite} demo={demo} />
        {summary.method && (
          // Cards run edge to edge on a phone; text outside them keeps the cards' inner margin.
          <Box paddingInline={{ xs: "400", sm: "0" }}>
            <Text as="p" tone="subdued" variant="bodySm">
              Predicted lifetime value:{" "}
              {summary.method === "bgnbd"
                ? "BG/NBD + Gamma-Gamma model fitted on this store's repeat buyers."
                : "average order value × expected orders (simple model: too few repeat buyers for BG/NBD)."}
            </Text>
          </Box>
        )}
      </BlockStack>
      {explanation && (
        <Modal
          open
          title={`Why ${explanation.name} is ${explanation.segment}`}
          onClose={() => go(customerListParams(query))}
          secondaryActions={[{ content: "View customer", url: `/customers/${explanation.id}` }]}
        >
          <Modal.Section>
            <ScoreExplanation {...explanation} currency={currency} />
          </Modal.Section>
        </Modal>
      )}
    </AdminPage>
  );
}
