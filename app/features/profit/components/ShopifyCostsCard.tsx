// Cost per item in Shopify (docs/product/costs.md#cost-per-item-in-shopify, decision 091): which
// side is the source of truth for product costs, an import of Shopify's costs (preview, confirm,
// undo) and, while this app is the source, a push of its costs to Shopify. A Viewer sees it
// read-only with the reason; the server refuses them anyway (403).
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { formatInstant } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { CostSection } from "~/features/profit/components/CostSection";
import { ImportPreview } from "~/features/profit/components/ImportPreview";
import { UndoImportDialog } from "~/features/profit/components/UndoImportDialog";
import { PUSH_FETCHER, PushCostsDialog, PushResults, type PushAnswer } from "~/features/profit/components/PushCosts";
import type { ImportActionResult } from "~/features/profit/import-summary";
import type { CostPlanRow } from "~/features/profit/cost-import";
import type { CostSource } from "~/features/profit/shopify-costs-schema";
import { DisabledReason, useDisabledReason } from "~/features/team";
import { useRefusalToast } from "~/components/toasts";

const PATH = "/costs/shopify-costs";
const SOURCES = [
  { label: "This app (push to Shopify when you choose)", value: "app" },
  { label: "Shopify's cost per item (edits here are refused)", value: "shopify" },
];

type Props = {
  currency: string;
  timezone: string;
  costSource: CostSource;
  last: { fileName: string | null; rowsWritten: number; createdAt: string } | null;
};

const errorsOf = (answer: unknown) =>
  answer && typeof answer === "object" && "fieldErrors" in answer
    ? Object.values((answer as { fieldErrors: Record<string, string[] | undefined> }).fieldErrors)
        .flat()
        .filter((e): e is string => !!e)
    : [];

export function ShopifyCostsCard({ currency, timezone, costSource, last }: Props) {
  const source = useFetcher<{ ok: boolean }>({ key: "cost-source" });
  const importer = useFetcher<ImportActionResult<CostPlanRow>>({ key: "shopify-costs-import" });
  const push = useFetcher<PushAnswer>({ key: PUSH_FETCHER });
  const [chosen, setChosen] = useState<string>(costSource);
  const [day, setDay] = useState("");
  const [dialog, setDialog] = useState<"push" | "undo" | null>(null);
  const refused = useDisabledReason("write", "change where product costs come from");
  useRefusalToast(source.data);
  useRefusalToast(importer.data);
  const money = (minor: number) => formatMoney(minor, currency);
  const send = (intent: "preview" | "import") =>
    importer.submit({ intent, effectiveDate: day }, { method: "post", action: PATH });
  const answer = importer.data;
  const preview = answer?.ok && answer.intent === "preview" && "summary" in answer ? answer.summary : null;
  const done = answer?.ok && answer.intent === "import" && "written" in answer ? answer : null;
  const errors = [...errorsOf(source.data), ...errorsOf(answer), ...errorsOf(push.data)];
  const pushed = push.data?.ok ? push.data.pushed : null;
  return (
    <CostSection title="Cost per item in Shopify">
      <Text as="p" tone="subdued">
        {`Shopify keeps a cost per item for each variant. Choose which side holds your product costs (${currency}); costs are matched by SKU.`}
      </Text>
      {errors.length > 0 && (
        <Banner tone="critical" title="Not done">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </Banner>
      )}
      <InlineStack gap="200" blockAlign="end">
        <Select label="Source of truth" options={SOURCES} value={chosen} onChange={setChosen} disabled={!!refused} />
        <Button
          disabled={!!refused || chosen === costSource}
          loading={source.state !== "idle"}
          onClick={() => source.submit({ intent: "source", costSource: chosen }, { method: "post", action: PATH })}
        >
          Save
        </Button>
      </InlineStack>
      <InlineStack gap="200" blockAlign="end">
        <TextField
          label="Effective from (blank: today)"
          type="date"
          value={day}
          onChange={setDay}
          autoComplete="off"
          disabled={!!refused}
        />
        <Button disabled={!!refused} loading={importer.state !== "idle" && !preview} onClick={() => send("preview")}>
          Preview import from Shopify
        </Button>
        {costSource === "app" && (
          <Button disabled={!!refused} loading={push.state !== "idle"} onClick={() => setDialog("push")}>
            Push to Shopify
          </Button>
        )}
      </InlineStack>
      {done && (
        <Banner
          tone="success"
          title={`Imported: ${done.written} rows written, ${done.summary.counts.refused} refused`}
        />
      )}
      {preview && (
        <BlockStack gap="300">
          <ImportPreview
            summary={preview}
            headings={["SKU", "Product", "Effective from", "Cost"]}
            cells={(r) => [
              r.sku,
              r.productName,
              r.effectiveFrom,
              r.oldCostMinor === null
                ? money(r.costPerUnitMinor)
                : `${money(r.oldCostMinor)} → ${money(r.costPerUnitMinor)}`,
            ]}
          />
          <Button
            variant="primary"
            loading={importer.state !== "idle"}
            disabled={!!refused || preview.counts.new + preview.counts.changed === 0}
            onClick={() => send("import")}
          >
            {`Import ${preview.counts.new + preview.counts.changed} costs from Shopify`}
          </Button>
        </BlockStack>
      )}
      {pushed && <PushResults rows={pushed} currency={currency} />}
      <InlineStack gap="200" blockAlign="center">
        {last && (
          <Button onClick={() => setDialog("undo")} disabled={!!refused}>
            Undo last import from Shopify
          </Button>
        )}
        {last && (
          <Text as="span" tone="subdued">
            {`Last import from Shopify: ${last.rowsWritten} costs, ${formatInstant(last.createdAt, timezone)}`}
          </Text>
        )}
        <DisabledReason reason={refused} />
      </InlineStack>
      {dialog === "push" && <PushCostsDialog onClose={() => setDialog(null)} />}
      {dialog === "undo" && last && (
        <UndoImportDialog fileName={last.fileName} actionPath={PATH} onClose={() => setDialog(null)} />
      )}
    </CostSection>
  );
}
