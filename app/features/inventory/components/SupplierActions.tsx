// A supplier row's Edit and Delete; Delete is off while the supplier has open purchase orders, and
// both for a role that may not change suppliers (with the reason).
import { Button, InlineStack, Tooltip } from "@shopify/polaris";

type Props = {
  name: string;
  openOrders: number;
  onEdit: () => void;
  onDelete: () => void;
  /** Why the current role may not change suppliers (useDisabledReason), if it may not. */
  refused?: string;
};

export function SupplierActions({ name, openOrders, onEdit, onDelete, refused }: Props) {
  const reason =
    refused ??
    (openOrders
      ? `${openOrders} open purchase ${openOrders === 1 ? "order" : "orders"}: receive or cancel first`
      : undefined);
  return (
    <InlineStack gap="200" wrap={false}>
      <Button size="slim" onClick={onEdit} disabled={!!refused} accessibilityLabel={`Edit ${name}`}>
        Edit
      </Button>
      <Tooltip content={reason}>
        <Button
          size="slim"
          tone="critical"
          disabled={!!refused || openOrders > 0}
          accessibilityLabel={reason ? `Delete ${name} (${reason})` : `Delete ${name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Tooltip>
    </InlineStack>
  );
}
