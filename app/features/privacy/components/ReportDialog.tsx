// Generate Report: the period (days in the shop's zone), then the PDF downloads from /privacy/report.
import { FormLayout, Text, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import { reportPeriodSchema } from "~/features/privacy/schema";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";

export function ReportDialog({ period, onClose }: { period: PrivacyScreenData["report"]; onClose: () => void }) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const parsed = reportPeriodSchema.safeParse({ from, to });
  const errors = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  const url = `/privacy/report?${new URLSearchParams({ from, to }).toString()}`;
  return (
    <Modal
      open
      title="Generate compliance report"
      onClose={onClose}
      primaryAction={{
        content: "Download PDF",
        url,
        external: false,
        target: "_self",
        disabled: !parsed.success,
        onAction: onClose,
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <Text as="p">
            The score and its items, the requests received in the period with their deadlines, the retention runs and an
            extract of the audit log. Days are in the store&apos;s time zone.
          </Text>
          <FormLayout.Group>
            <TextField
              label="From"
              type="date"
              autoComplete="off"
              value={from}
              onChange={setFrom}
              error={errors.from?.[0]}
            />
            <TextField label="To" type="date" autoComplete="off" value={to} onChange={setTo} error={errors.to?.[0]} />
          </FormLayout.Group>
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
