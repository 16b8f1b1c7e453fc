// The list's status tabs (the spec's All / Draft / Sent / Paid, plus Overdue and Void) and
// its search by number, customer name or e-mail. Both live in the URL, so a reload or a
// shared link shows the same list; typing waits for a pause before it searches.
import { Box, Tabs } from "@shopify/polaris";
import { SearchField } from "~/components/SearchField";
import { LIST_FILTERS, type ListFilter } from "~/features/invoices/status";

const TAB_LABELS: Record<ListFilter, string> = {
  all: "All",
  draft: "Draft",
  sent: "Sent",
  overdue: "Overdue",
  paid: "Paid",
  void: "Void",
};

type Props = {
  status: ListFilter;
  q: string;
  onStatus: (status: ListFilter) => void;
  onSearch: (q: string) => void;
};

export function InvoiceListFilters({ status, q, onStatus, onSearch }: Props) {
  const tabs = LIST_FILTERS.map((f) => ({ id: `invoices-${f}`, content: TAB_LABELS[f], panelID: "invoices-list" }));
  return (
    <>
      <Tabs tabs={tabs} selected={LIST_FILTERS.indexOf(status)} onSelect={(i) => onStatus(LIST_FILTERS[i])} />
      <Box padding="300" borderBlockStartWidth="025" borderColor="border">
        <SearchField
          label="Search invoices"
          labelHidden
          placeholder="Search by number, customer name or e-mail"
          maxLength={100}
          value={q}
          onSearch={onSearch}
        />
      </Box>
    </>
  );
}
