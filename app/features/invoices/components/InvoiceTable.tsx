// The invoice list (docs/product/invoices.md#the-list): one aligned row per invoice
// (number, customer, status, due date, amount), the server's page of results with
// Polaris pagination, and the no-results state. At phone widths each row is condensed
// into a stacked summary.
import {
  Badge,
  BlockStack,
  Button,
  ButtonGroup,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { StatusBadge } from "~/features/invoices/components/StatusBadge";
import { capitalize } from "~/features/invoices/screen";

export type InvoiceRow = {
  id: string;
  invoiceNumber: string;
  status: string;
  isRecurring: boolean;
  recurringInterval: string | null;
  customerName: string;
  customerEmail: string;
  dueDate: string;
  totalMinor: number;
  currency: string;
};

export type InvoicePaging = { page: number; pageCount: number; total: number; pageSize: number };

type Props = {
  rows: InvoiceRow[];
  paging: InvoicePaging;
  loading: boolean;
  sendingId: string | null;
  onView: (id: string) => void;
  onSend: (id: string) => void;
  onPage: (page: number) => void;
};

function Actions({
  row,
  sending,
  onView,
  onSend,
}: { row: InvoiceRow; sending: boolean } & Pick<Props, "onView" | "onSend">) {
  return (
    <ButtonGroup noWrap>
      <Button size="slim" onClick={() => onView(row.id)} accessibilityLabel={`View invoice ${row.invoiceNumber}`}>
        View
      </Button>
      {row.status === "draft" && (
        <Button
          size="slim"
          variant="primary"
          onClick={() => onSend(row.id)}
          loading={sending}
          disabled={sending}
          accessibilityLabel={`Send invoice ${row.invoiceNumber}`}
        >
          Send
        </Button>
      )}
    </ButtonGroup>
  );
}

const amount = (row: InvoiceRow) => formatMoney(row.totalMinor, row.currency);

function Status({ row }: { row: InvoiceRow }) {
  return (
    <InlineStack gap="100" wrap={false}>
      <StatusBadge status={row.status} />
      {row.isRecurring && <Badge tone="info-strong">{capitalize(row.recurringInterval ?? "monthly")}</Badge>}
    </InlineStack>
  );
}

export function InvoiceTable({ rows, paging, loading, sendingId, onView, onSend, onPage }: Props) {
  const { smDown } = useBreakpoints();
  const first = (paging.page - 1) * paging.pageSize + 1;
  const last = first + rows.length - 1;
  return (
    <IndexTable
      resourceName={{ singular: "invoice", plural: "invoices" }}
      itemCount={rows.length}
      selectable={false}
      condensed={smDown}
      loading={loading}
      emptyState={
        <EmptySearchResult title="No invoices found" description="Try another search or status." withIllustration />
      }
      headings={[
        { title: "Number" },
        { title: "Customer" },
        { title: "Status" },
        { title: "Due date" },
        { title: "Amount", alignment: "end" },
        { title: "Actions", hidden: true },
      ]}
      pagination={{
        hasPrevious: paging.page > 1,
        hasNext: paging.page < paging.pageCount,
        onPrevious: () => onPage(paging.page - 1),
        onNext: () => onPage(paging.page + 1),
        label: rows.length ? `${first}–${last} of ${paging.total}` : undefined,
        accessibilityLabels: { previous: "Previous page of invoices", next: "Next page of invoices" },
      }}
    >
      {rows.map((row, i) =>
        smDown ? (
          <IndexTable.Row id={row.id} key={row.id} position={i}>
            <div data-testid="invoice-row" data-invoice-number={row.invoiceNumber} style={{ padding: "12px 16px" }}>
              <BlockStack gap="100">
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <Text as="span" fontWeight="semibold">
                    {row.invoiceNumber}
                  </Text>
                  <Status row={row} />
                </InlineStack>
                <Text as="span" truncate>
                  {row.customerName}
                </Text>
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <Text as="span" tone="subdued" variant="bodySm">
                    {`Due ${row.dueDate || "N/A"}`}
                  </Text>
                  <Text as="span" fontWeight="semibold" numeric>
                    {amount(row)}
                  </Text>
                </InlineStack>
                <Actions row={row} sending={sendingId === row.id} onView={onView} onSend={onSend} />
              </BlockStack>
            </div>
          </IndexTable.Row>
        ) : (
          <IndexTable.Row id={row.id} key={row.id} position={i}>
            <IndexTable.Cell>
              <span data-testid="invoice-row" data-invoice-number={row.invoiceNumber}>
                <Text as="span" fontWeight="semibold">
                  {row.invoiceNumber}
                </Text>
              </span>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="050">
                <Text as="span">{row.customerName}</Text>
                <Text as="span" tone="subdued" variant="bodySm">
                  {row.customerEmail}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Status row={row} />
            </IndexTable.Cell>
            <IndexTable.Cell>{row.dueDate || "N/A"}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {amount(row)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack align="end">
                <Actions row={row} sending={sendingId === row.id} onView={onView} onSend={onSend} />
              </InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        ),
      )}
    </IndexTable>
  );
}
