// The list's status tabs (the spec's All / Draft / Sent / Paid, plus Overdue and Void) and
// its search by number, customer name or e-mail. Both live in the URL, so a reload or a
// shared link shows the same list; typing waits for a pause before it searches.
import { Box, Icon, Tabs, TextField } from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useRef, useState } from "react";
import { LIST_FILTERS, type ListFilter } from "~/features/invoices/status";

const TAB_LABELS: Record<ListFilter, string> = {
  all: "All",
  draft: "Draft",
  sent: "Sent",
  overdue: "Overdue",
  paid: "Paid",
  void: "Void",
};
const SEARCH_DELAY_MS = 300;

type Props = {
  status: ListFilter;
  q: string;
  onStatus: (status: ListFilter) => void;
  onSearch: (q: string) => void;
};

export function InvoiceListFilters({ status, q, onStatus, onSearch }: Props) {
  const [text, setText] = useState(q);
  // The search this field last asked for: a different one in the URL (back button, a link) replaces the text.
  const asked = useRef(q);
  if (q !== asked.current) {
    asked.current = q;
    setText(q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const search = (value: string, delay: number) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      asked.current = value.trim();
      onSearch(value.trim());
    }, delay);
  };
  const tabs = LIST_FILTERS.map((f) => ({ id: `invoices-${f}`, content: TAB_LABELS[f], panelID: "invoices-list" }));
  return (
    <>
      <Tabs tabs={tabs} selected={LIST_FILTERS.indexOf(status)} onSelect={(i) => onStatus(LIST_FILTERS[i])} />
      <Box padding="300" borderBlockStartWidth="025" borderColor="border">
        <TextField
          label="Search invoices"
          labelHidden
          placeholder="Search by number, customer name or e-mail"
          prefix={<Icon source={SearchIcon} tone="subdued" />}
          value={text}
          onChange={(value) => search(value, SEARCH_DELAY_MS)}
          clearButton
          onClearButtonClick={() => search("", 0)}
          autoComplete="off"
          maxLength={100}
        />
      </Box>
    </>
  );
}
