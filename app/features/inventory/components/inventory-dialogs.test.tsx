// @vitest-environment jsdom
// Inventory's confirmations on the shared FetcherDialog: a rule's refusal in the dialog's
// banner, a role's refusal (403) as a toast with the dialog kept, and what each posts.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorToast, renderDialog, viewerRefusal } from "~tests/dialog-harness";
import { CancelOrderDialog } from "~/features/inventory/components/CancelOrderDialog";
import { DeleteSupplierDialog } from "~/features/inventory/components/DeleteSupplierDialog";

afterEach(cleanup);
// A Polaris modal under a real router in jsdom: the first render pays for loading Polaris, which
// on a loaded two-core machine runs past vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

describe("DeleteSupplierDialog", () => {
  it("shows why a supplier with open purchase orders cannot be deleted, and stays open", async () => {
    const onDeleted = vi.fn();
    const { posted } = renderDialog(
      <DeleteSupplierDialog supplier={{ id: "sup_1", name: "Acme" }} onClose={() => {}} onDeleted={onDeleted} />,
      () => ({ ok: false, fieldErrors: { _form: ["Acme has 2 open purchase orders"] } }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete supplier" }));
    expect(await screen.findByText("Acme has 2 open purchase orders")).toBeTruthy();
    expect(Object.fromEntries(posted[0])).toEqual({ intent: "delete", id: "sup_1" });
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByText("Delete Acme?")).toBeTruthy();
  });
});

describe("CancelOrderDialog", () => {
  it("posts the cancel and closes with a toast", async () => {
    const onClose = vi.fn();
    const { posted } = renderDialog(<CancelOrderDialog label="PO-0003" onClose={onClose} />, () => ({
      ok: true,
      message: "Purchase order cancelled",
    }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0].get("intent")).toBe("cancel");
    await waitFor(() =>
      expect(document.querySelector(".Polaris-Frame-Toast")?.textContent).toContain("Purchase order cancelled"),
    );
  });

  it("a refusal (403) is a toast and the confirmation stays open", async () => {
    const onClose = vi.fn();
    renderDialog(<CancelOrderDialog label="PO-0003" onClose={onClose} />, () => viewerRefusal);
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await waitFor(() => expect(errorToast()).toContain(viewerRefusal.refused));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText("Cancel PO-0003?")).toBeTruthy();
  });
});
