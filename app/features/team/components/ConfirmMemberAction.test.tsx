// @vitest-environment jsdom
// Removing a member on the shared FetcherDialog: it posts to /api/team, and the API's refusal
// ({ error }) shows in the dialog's banner with the dialog kept open.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { renderDialog } from "~tests/dialog-harness";
import { ConfirmMemberAction } from "~/features/team/components/ConfirmMemberAction";

afterEach(cleanup);
// A Polaris modal under a real router in jsdom: the first render pays for loading Polaris, which
// on a loaded two-core machine runs past vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const pending = { kind: "remove" as const, member: { id: "m_2", name: "Grace", email: "grace@example.com" } };

it("shows the API's refusal in the dialog and keeps it open", async () => {
  const onClose = vi.fn();
  const { bodies } = renderDialog(
    <ConfirmMemberAction pending={pending} onClose={onClose} />,
    () => ({ error: "The last Owner cannot be removed." }),
    "/api/team",
  );
  fireEvent.click(screen.getByRole("button", { name: "Remove" }));
  expect(await screen.findByText("The last Owner cannot be removed.")).toBeTruthy();
  expect(bodies[0]).toEqual({ intent: "remove", memberId: "m_2" });
  expect(onClose).not.toHaveBeenCalled();
});

it("closes once the member is removed", async () => {
  const onClose = vi.fn();
  renderDialog(<ConfirmMemberAction pending={pending} onClose={onClose} />, () => ({ members: [] }), "/api/team");
  fireEvent.click(screen.getByRole("button", { name: "Remove" }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
