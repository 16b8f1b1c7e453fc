// @vitest-environment jsdom
// The saved-dashboard dialogs on the shared FetcherDialog: the answer's field errors on the
// fields, a rule's refusal (the plan's limit) as the dialog's banner, a 403 as a toast.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorToast, renderDialog, viewerRefusal } from "~tests/dialog-harness";
import { SaveDashboardDialog } from "~/features/analytics/components/SaveDashboardDialog";
import { RenameDashboardDialog } from "~/features/analytics/components/RenameDashboardDialog";

afterEach(cleanup);
// A Polaris modal under a real router in jsdom: the first render pays for loading Polaris, which
// on a loaded two-core machine runs past vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const current = { cards: ["netSales" as const], timeframe: "30d" as const, comparison: "previous" as const };

describe("SaveDashboardDialog", () => {
  it("posts the name and figures; the answer's errors show on the name and the figures", async () => {
    const { posted } = renderDialog(<SaveDashboardDialog current={current} onClose={() => {}} />, () => ({
      ok: false,
      fieldErrors: { name: ["Name is taken"], cards: ["Pick at least one figure"] },
    }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Weekly" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Name is taken");
    expect(screen.getByText("Pick at least one figure")).toBeTruthy();
    expect(Object.fromEntries(posted[0])).toMatchObject({
      intent: "createDashboard",
      name: "Weekly",
      cards: "netSales",
      timeframe: "30d",
      comparison: "previous",
    });
  });

  it("a rule's refusal with no field (the plan's limit) is the dialog's banner", async () => {
    renderDialog(<SaveDashboardDialog current={current} onClose={() => {}} />, () => ({
      ok: false,
      error: "Your plan includes 1 custom dashboard.",
    }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Your plan includes 1 custom dashboard.")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("RenameDashboardDialog", () => {
  it("a refusal (403) is a toast; the dialog keeps the new name", async () => {
    const onClose = vi.fn();
    const dashboard = { id: "d1", name: "Weekly", ...current };
    renderDialog(<RenameDashboardDialog dashboard={dashboard} onClose={onClose} />, () => viewerRefusal);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Monthly" } });
    fireEvent.click(screen.getByRole("button", { name: "Rename" }));
    await waitFor(() => expect(errorToast()).toContain(viewerRefusal.refused));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Monthly");
  });
});
