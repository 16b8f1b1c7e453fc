// @vitest-environment jsdom
// The Costs dialogs on the shared FetcherDialog: what they post, the shared schema's errors as the
// merchant types, the answer's errors on their fields, and a refusal (403) as a toast.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorToast, renderDialog, viewerRefusal } from "~tests/dialog-harness";
import { ExpenseDialog } from "~/features/profit/components/ExpenseDialog";
import { ProductCostDialog } from "~/features/profit/components/ProductCostDialog";
import { ConfirmDeleteDialog } from "~/features/profit/components/ConfirmDeleteDialog";

afterEach(cleanup);
// A Polaris modal under a real router in jsdom: the first render pays for loading Polaris, which
// on a loaded two-core machine runs past vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const today = "2026-11-28";

describe("ExpenseDialog", () => {
  it("posts a recurring expense with its interval", async () => {
    const onDone = vi.fn();
    const { posted } = renderDialog(<ExpenseDialog today={today} onClose={() => {}} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Warehouse rent" } });
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "1200" } });
    fireEvent.click(screen.getByLabelText("Recurring expense"));
    fireEvent.click(screen.getByRole("button", { name: "Save Expense" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(Object.fromEntries(posted[0])).toMatchObject({
      intent: "addExpense",
      description: "Warehouse rent",
      amount: "1200",
      date: today,
      recurring: "true",
      recurringInterval: "monthly",
    });
  });

  it("shows the answer's error on its field until that field changes", async () => {
    const onDone = vi.fn();
    renderDialog(
      <ExpenseDialog
        today={today}
        editing={{
          id: "ex_1",
          values: {
            category: "rent",
            description: "Rent",
            amount: "10",
            date: today,
            recurring: false,
            recurringInterval: "monthly",
          },
        }}
        onClose={() => {}}
        onDone={onDone}
      />,
      () => ({
        ok: false,
        intent: "updateExpense",
        fieldErrors: { date: ["The date is outside the store's history"] },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save Expense" }));
    await screen.findByText("The date is outside the store's history");
    expect(screen.getByLabelText("Date").getAttribute("aria-invalid")).toBe("true");
    expect(onDone).toHaveBeenCalledWith(false);
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-11-01" } });
    expect(screen.queryByText("The date is outside the store's history")).toBeNull();
  });

  it("checks the amount with the shared schema once it is typed, before anything is posted", () => {
    renderDialog(<ExpenseDialog today={today} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("false");
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "-5" } });
    expect(screen.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("true");
  });

  it("a refusal (403) is a toast; the dialog stays open with what was typed", async () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderDialog(<ExpenseDialog today={today} onClose={onClose} onDone={onDone} />, () => viewerRefusal);
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Rent" } });
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Expense" }));
    await waitFor(() => expect(errorToast()).toContain(viewerRefusal.refused));
    expect(onClose).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Description") as HTMLInputElement).value).toBe("Rent");
    expect(screen.getByRole("heading", { name: "The page" })).toBeTruthy();
  });
});

describe("ProductCostDialog", () => {
  it("posts an edit with the cost's id and closes on success", async () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    const { posted } = renderDialog(
      <ProductCostDialog
        prefill={{ productName: "Earbuds", sku: "EB-1", costPerUnit: "12.50", effectiveFrom: "2026-11-01" }}
        editingId="pc_1"
        today={today}
        onClose={onClose}
        onDone={onDone}
      />,
      () => ({ ok: true, intent: "updateProductCost" }),
    );
    fireEvent.change(screen.getByLabelText("Cost per unit"), { target: { value: "13" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Product Cost" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(onClose).toHaveBeenCalled();
    expect(Object.fromEntries(posted[0])).toMatchObject({
      intent: "updateProductCost",
      id: "pc_1",
      productName: "Earbuds",
      costPerUnit: "13",
    });
  });
});

describe("ConfirmDeleteDialog", () => {
  it("a refusal (403) is a toast and the confirmation stays open", async () => {
    const onClose = vi.fn();
    renderDialog(
      <ConfirmDeleteDialog
        intent="deleteExpense"
        id="ex_1"
        title="Delete expense?"
        body="Rent will be removed."
        onClose={onClose}
        onDone={() => {}}
      />,
      () => viewerRefusal,
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(errorToast()).toContain(viewerRefusal.refused));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText("Delete expense?")).toBeTruthy();
  });
});
