// New request (received by e-mail or phone) and each action on a request, on the shared
// fetcher dialog. Fulfilling a deletion is irreversible: the dialog says what it will do.
import { useFetcher } from "@remix-run/react";
import { FormLayout, List, Text } from "@shopify/polaris";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import type { RequestRow } from "~/features/privacy/centre.server";
import type { RequestIntent } from "~/features/privacy/status";
import type { PrivacyActionResult } from "~/features/privacy/tabs";
import { REQUEST_TYPES, REGULATIONS } from "~/features/privacy/deadline";
import { REGULATION_LABELS, TYPE_LABELS, options } from "./labels";

const closeOnOk = (onClose: () => void) => (data: PrivacyActionResult) => data.ok && onClose();
const today = () => new Date().toISOString().slice(0, 10);

export function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<PrivacyActionResult>({ key: "privacy-new" });
  const form = useDialogForm({ type: "access", regulation: "gdpr", requesterName: "", email: "", receivedOn: today() });
  return (
    <FetcherDialog
      title="New data request"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnOk(onClose)}
      primaryAction={{
        content: "Add request",
        onAction: () => fetcher.submit({ intent: "create", ...form.values }, { method: "post", action: "/privacy" }),
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <SelectField name="type" label="Type" options={options(TYPE_LABELS, REQUEST_TYPES)} />
          <SelectField name="regulation" label="Law" options={options(REGULATION_LABELS, REGULATIONS)} />
        </FormLayout.Group>
        <FormField name="requesterName" label="Requester's name" />
        <FormField name="email" label="Requester's e-mail" type="email" helpText="Answers and notices go here." />
        <FormField name="receivedOn" label="Received on" type="date" helpText="The deadline runs from this day." />
      </FormLayout>
    </FetcherDialog>
  );
}

const COPY: Record<RequestIntent, { title: string; button: string; field?: string; text: string }> = {
  verify: {
    title: "Verify identity",
    button: "Mark verified",
    text: "Confirm you checked that the requester is the person the data is about (for example, a reply from the address on the customer's account).",
  },
  extend: {
    title: "Extend the deadline",
    button: "Send notice and extend",
    field: "Reason for the extension (sent to the requester)",
    text: "The law allows one extension, only with a notice to the person inside the first period. The notice is e-mailed now and recorded.",
  },
  fulfil: {
    title: "Fulfil request",
    button: "Fulfil",
    text: "",
  },
  complete: {
    title: "Complete request",
    button: "Mark completed",
    field: "What was done",
    text: "Record what you changed or stopped for this person; it is kept with the request.",
  },
  refuse: {
    title: "Refuse request",
    button: "Refuse and notify",
    field: "Reason for refusing (sent to the requester)",
    text: "The reason is e-mailed to the requester and recorded.",
  },
};

function fulfilText(row: RequestRow) {
  if (row.type === "deletion" || row.type === "shop_redact")
    return (
      <List>
        <List.Item>
          The person&apos;s name, e-mail, phone and address are removed from every table. This cannot be undone.
        </List.Item>
        <List.Item>Orders, invoices and loyalty entries are kept for your accounts, anonymised.</List.Item>
        <List.Item>What was kept, and why, is listed on the request afterwards.</List.Item>
      </List>
    );
  return (
    <Text as="p">
      A bundle of everything the app holds on this customer (orders, invoices, loyalty, scores and segments, messages,
      requests), as JSON and CSV, is e-mailed to {row.email ?? "the requester"} through a signed link that expires in 48
      hours.
    </Text>
  );
}

export function RequestActionDialog({
  row,
  intent,
  onClose,
}: {
  row: RequestRow;
  intent: RequestIntent;
  onClose: () => void;
}) {
  const fetcher = useFetcher<PrivacyActionResult>({ key: `privacy-${intent}-${row.id}` });
  const copy = COPY[intent];
  const name = intent === "complete" ? "note" : "reason";
  const form = useDialogForm({ [name]: "" } as Record<string, string>);
  const destructive = intent === "refuse" || (intent === "fulfil" && row.type === "deletion");
  return (
    <FetcherDialog
      title={copy.title}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnOk(onClose)}
      primaryAction={{
        content: copy.button,
        destructive,
        onAction: () =>
          fetcher.submit(
            { intent, id: row.id, ...(copy.field ? form.values : {}) },
            { method: "post", action: "/privacy" },
          ),
      }}
    >
      <FormLayout>
        <Text as="p" tone="subdued">
          {row.requester} · due {row.dueOn}
        </Text>
        {intent === "fulfil" ? fulfilText(row) : <Text as="p">{copy.text}</Text>}
        {copy.field && <FormField name={name} label={copy.field} multiline={3} />}
      </FormLayout>
    </FetcherDialog>
  );
}
