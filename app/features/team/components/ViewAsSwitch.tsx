// The demo's "view as" switch: use the demo store as another member of its team, so each
// role's limits can be tried. Posts to /demo/view-as, which sets a cookie (demo only).
import { useFetcher } from "@remix-run/react";
import { Select } from "@shopify/polaris";
import { ROLE_LABELS, type Role } from "~/features/team/permissions";

type Member = { id: string; name: string; role: Role };

export function ViewAsSwitch({ members, currentId }: { members: Member[]; currentId: string }) {
  const fetcher = useFetcher();
  return (
    <div style={{ maxWidth: 320 }}>
      <Select
        label="View the demo as"
        options={members.map((m) => ({ label: `${m.name} (${ROLE_LABELS[m.role]})`, value: m.id }))}
        value={currentId}
        disabled={fetcher.state !== "idle"}
        onChange={(memberId) => fetcher.submit({ memberId }, { method: "post", action: "/demo/view-as" })}
      />
    </div>
  );
}
