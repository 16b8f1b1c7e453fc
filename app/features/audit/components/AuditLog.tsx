// Settings → Audit log: every write with who, when, what and the values before and after,
// filtered by member, area and dates, a page at a time, and exported as CSV.
import type { SerializeFrom } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { AUDIT_AREAS } from "~/features/audit/filters";
import { useChangeSearchParams } from "~/components/search-params";
import type { listAudit } from "~/features/audit/audit.server";

/** A page of the log as the browser receives it from listAudit(). */
export type AuditPage = SerializeFrom<typeof listAudit>;

const FILTERS = ["actor", "area", "from", "to"] as const;

export function AuditLog({ audit, timeZone }: { audit: AuditPage; timeZone: string }) {
  const [params] = useSearchParams();
  const change = useChangeSearchParams();
  const set = (name: string, value: string | null) => change({ [name]: value }, ["auditPage"]);
  const exportQuery = new URLSearchParams(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Audit log
          </Text>
          <Button url={`/api/audit.csv?${exportQuery}`} download>
            Export CSV
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued" variant="bodySm">
          Every change made in the app for this store, kept for 12 months.
        </Text>
        <InlineStack gap="200" wrap>
          <Select
            label="Member"
            options={[
              { label: "Anyone", value: "" },
              ...audit.actors.map((a) => ({ label: a.actorName, value: a.actorEmail })),
            ]}
            value={params.get("actor") ?? ""}
            onChange={(v) => set("actor", v)}
          />
          <Select
            label="Area"
            options={[
              { label: "All areas", value: "" },
              ...AUDIT_AREAS.map((a) => ({ label: a[0].toUpperCase() + a.slice(1), value: a })),
            ]}
            value={params.get("area") ?? ""}
            onChange={(v) => set("area", v)}
          />
          <TextField
            label="From"
            type="date"
            autoComplete="off"
            value={params.get("from") ?? ""}
            onChange={(v) => set("from", v)}
          />
          <TextField
            label="To"
            type="date"
            autoComplete="off"
            value={params.get("to") ?? ""}
            onChange={(v) => set("to", v)}
          />
        </InlineStack>
        {audit.total === 0 ? (
          <Text as="p" tone="subdued">
            No changes recorded{FILTERS.some((f) => params.get(f)) ? " for these filters" : " yet"}.
          </Text>
        ) : (
          <ResponsiveIndexTable
            resourceName={{ singular: "change", plural: "changes" }}
            columns={[{ title: `When (${timeZone})` }, { title: "Who" }, { title: "What" }, { title: "Change" }]}
            rows={audit.rows.map((r) => ({
              id: r.id,
              cells: [
                r.when,
                r.actorName,
                `${r.action}${r.entityId ? ` · ${r.entityType}` : ""}`,
                // Table cells do not wrap; a change's lines do, so a long value never widens the card.
                <div key="c" style={{ whiteSpace: "normal", minWidth: 180, maxWidth: 420 }}>
                  <BlockStack gap="050">
                    {r.changes.map((line, i) => (
                      <Text key={i} as="span" variant="bodySm" breakWord>
                        {line}
                      </Text>
                    ))}
                  </BlockStack>
                </div>,
              ],
            }))}
            pagination={{
              hasPrevious: audit.page > 1,
              hasNext: audit.page < audit.pages,
              onPrevious: () => set("auditPage", String(audit.page - 1)),
              onNext: () => set("auditPage", String(audit.page + 1)),
              label: `Page ${audit.page} of ${audit.pages} · ${audit.total} changes`,
            }}
          />
        )}
      </BlockStack>
    </Card>
  );
}
