// Settings → Team: members with role, status and last visit; invite by e-mail with a role,
// change a role, remove, transfer ownership. Controls follow the signed-in member's role.
import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Button, ButtonGroup, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { ROLE_LABELS } from "~/features/team/permissions";
import type { TeamOverview } from "~/features/team/team.server";
import { useCan, useStaff } from "~/features/team/StaffContext";
import { InviteForm } from "~/features/team/components/InviteForm";
import { ConfirmMemberAction, type PendingAction } from "~/features/team/components/ConfirmMemberAction";

/** The Team tab's data as teamOverview() returns it (no dates: it reaches the browser unchanged). */
export type TeamData = TeamOverview;
type TeamMemberRow = TeamData["members"][number];

const STATUS: Record<TeamMemberRow["status"], { tone?: "success" | "attention" | "info"; label: string }> = {
  active: { tone: "success", label: "Active" },
  inactive: { label: "Inactive" },
  invited: { tone: "info", label: "Invited" },
};

export function TeamSettings({ team }: { team: TeamData }) {
  const me = useStaff();
  const canManage = useCan("manageTeam");
  const canTransfer = useCan("transferOwnership");
  const fetcher = useFetcher<{ error?: string }>({ key: "team-role" });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const full = team.seats !== null && team.members.length >= team.seats;
  const used = `${team.members.length} of ${team.seats ?? "unlimited"} seat${team.seats === 1 ? "" : "s"} used on ${team.planName}`;

  const roleCell = (m: TeamMemberRow) =>
    canManage && m.role !== "owner" && m.id !== me?.id ? (
      <Select
        label={`Role of ${m.name}`}
        labelHidden
        options={[
          { label: "Admin", value: "admin" },
          { label: "Viewer", value: "viewer" },
        ]}
        value={m.role}
        onChange={(role) =>
          fetcher.submit(
            { intent: "changeRole", memberId: m.id, role },
            { method: "post", action: "/api/team", encType: "application/json" },
          )
        }
      />
    ) : (
      ROLE_LABELS[m.role]
    );

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Team
            </Text>
            <Text as="span" tone="subdued" variant="bodySm">
              <span data-testid="seats-used">{used}</span>
            </Text>
          </InlineStack>
          <InviteForm disabled={!canManage} full={full} seats={team.seats} planName={team.planName} />
          {fetcher.data?.error && (
            <Text as="p" tone="critical">
              {fetcher.data.error}
            </Text>
          )}
          <ResponsiveIndexTable
            resourceName={{ singular: "member", plural: "members" }}
            columns={[
              { title: "Name" },
              { title: "E-mail" },
              { title: "Role" },
              { title: "Status" },
              { title: "Last active" },
            ]}
            rows={team.members.map((m) => ({
              id: m.id,
              cells: [
                m.id === me?.id ? `${m.name} (you)` : m.name,
                m.email,
                roleCell(m),
                <InlineStack key="s" gap="100">
                  <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
                  {!m.seated && <Badge tone="critical">No seat</Badge>}
                </InlineStack>,
                m.lastActiveDay ?? "Never",
              ],
              actions:
                m.role === "owner" || m.id === me?.id ? null : (
                  <ButtonGroup>
                    {canTransfer && m.status !== "invited" && (
                      <Button size="slim" onClick={() => setPending({ kind: "transferOwnership", member: m })}>
                        Make owner
                      </Button>
                    )}
                    <Button
                      size="slim"
                      tone="critical"
                      variant="plain"
                      disabled={!canManage}
                      accessibilityLabel={`Remove ${m.name}`}
                      onClick={() => setPending({ kind: "remove", member: m })}
                    >
                      Remove
                    </Button>
                  </ButtonGroup>
                ),
            }))}
          />
        </BlockStack>
      </Card>
      {pending && <ConfirmMemberAction pending={pending} onClose={() => setPending(null)} />}
    </BlockStack>
  );
}
