// Invite by e-mail with a role; at the seat limit it says so, with the way to more seats.
import { useFetcher } from "@remix-run/react";
import { Button, InlineStack, Link, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { teamActionSchema } from "~/features/team/schema";

type Result = { error?: string; fieldErrors?: Record<string, string[] | undefined> };

export function InviteForm({
  disabled,
  full,
  seats,
  planName,
}: {
  disabled: boolean;
  full: boolean;
  seats: number | null;
  planName: string;
}) {
  const fetcher = useFetcher<Result>({ key: "team-invite" });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("viewer");
  const valid = teamActionSchema.safeParse({ intent: "invite", email, role }).success;
  const busy = fetcher.state !== "idle";
  const fieldError = fetcher.data?.fieldErrors?.email?.[0] ?? fetcher.data?.fieldErrors?.role?.[0];
  if (full)
    return (
      <Text as="p" tone="subdued">
        {`All ${seats} seat${seats === 1 ? "" : "s"} of the ${planName} plan are taken. `}
        <Link url="/settings?tab=plan">Upgrade the plan</Link> or remove a member to invite someone.
      </Text>
    );
  return (
    <fetcher.Form
      onSubmit={(e) => {
        e.preventDefault();
        fetcher.submit(
          { intent: "invite", email, role },
          { method: "post", action: "/api/team", encType: "application/json" },
        );
      }}
    >
      <InlineStack gap="200" blockAlign="end" wrap>
        <div style={{ flex: "1 1 220px" }}>
          <TextField
            label="Invite by e-mail"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="off"
            disabled={disabled}
            error={fieldError ?? fetcher.data?.error}
            helpText={
              disabled ? "Only an Owner or Admin can invite." : "They join with this role when they first open the app."
            }
          />
        </div>
        <div style={{ minWidth: 130 }}>
          <Select
            label="Role"
            options={[
              { label: "Viewer", value: "viewer" },
              { label: "Admin", value: "admin" },
            ]}
            value={role}
            onChange={setRole}
            disabled={disabled}
          />
        </div>
        <Button submit variant="primary" disabled={disabled || !valid || busy} loading={busy}>
          Invite
        </Button>
      </InlineStack>
    </fetcher.Form>
  );
}
