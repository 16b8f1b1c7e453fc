// Shown instead of the create form once the plan's monthly invoices are used: the limit,
// when it resets and the way up, before the merchant fills in anything.
import { BlockStack, Text } from "@shopify/polaris";
import { Modal } from "~/components/Modal";

export type InvoiceLimit = { planName: string; limit: number; used: number; upgradeUrl: string };

export function InvoiceLimitDialog({ limit, onClose }: { limit: InvoiceLimit; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title="Invoice limit reached"
      primaryAction={{ content: "See plans", url: limit.upgradeUrl }}
      secondaryActions={[{ content: "Close", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <Text as="p">
            {`Your ${limit.planName} plan includes ${limit.limit} invoices per calendar month, and ${limit.used} have been created this month.`}
          </Text>
          <Text as="p">
            Upgrade to Pro for unlimited invoices, or create new invoices from the first day of next month. Your
            existing invoices can still be sent, reminded and marked as paid.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
