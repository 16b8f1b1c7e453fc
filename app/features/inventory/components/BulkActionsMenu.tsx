// /inventory's Bulk Actions: what applies to every variant matching the filters, and the
// purchase-order and supplier screens.
import { useNavigate } from "@remix-run/react";
import { ActionList, Button, Popover } from "@shopify/polaris";
import { useState } from "react";

type Props = {
  total: number;
  /** The list's query string: the export takes the same filters. */
  query: string;
  onEditPlanning: () => void;
  onCreatePurchaseOrders: () => void;
  /** The writes switched off, with the reason, for a role that may not make them. */
  gate?: { disabled: boolean; helpText?: string };
};

export function BulkActionsMenu({ total, query, onEditPlanning, onCreatePurchaseOrders, gate }: Props) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const then = (act: () => void) => () => {
    setOpen(false);
    act();
  };
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button onClick={() => setOpen((m) => !m)} disclosure>
          Bulk Actions
        </Button>
      }
    >
      <ActionList
        sections={[
          {
            title: `All ${total.toLocaleString("en-US")} matching the filters`,
            items: [
              { content: "Edit planning settings", ...gate, onAction: then(onEditPlanning) },
              { content: "Create purchase orders", ...gate, onAction: then(onCreatePurchaseOrders) },
              { content: "Export CSV", url: `/inventory/export?${query}`, target: "_self" },
            ],
          },
          {
            items: [
              { content: "Purchase orders", onAction: () => navigate("/inventory/purchase-orders") },
              { content: "Suppliers", onAction: () => navigate("/inventory/suppliers") },
            ],
          },
        ]}
      />
    </Popover>
  );
}
