// A supplier row's Edit and Delete; Delete is off while the supplier has open purchase orders.
import { Button, InlineStack, Tooltip } from "@shopify/polaris";

type Props = { name: string; openOrders: number; onEdit: () => void; onDelete: () => void };

export function SupplierActions({ name, openOrders, onEdit, onDelete }: Props) {
  const reason = openOrders
    ? `${openOrders} open purchase ${openOrders === 1 ? "order" : "orders"}: receive or cancel first`
    : undefined;
  return (
    <InlineStack gap="200" wrap={false}>
      <Button size="slim" onClick={onEdit} accessibilityLabel={`Edit ${name}`}>
        Edit
      </Button>
      <Tooltip content={reason}>
        <Button
          size="slim"
          tone="critical"
          disabled={openOrders > 0}
          accessibilityLabel={reason ? `Delete ${name} (${reason})` : `Delete ${name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Tooltip>
    </InlineStack>
  );
}
