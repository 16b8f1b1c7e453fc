// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { emptyForm } from "~/features/invoices/form";
import { InvoiceConfirmDialog } from "~/features/invoices/components/InvoiceConfirmDialog";
import { InvoiceLimitDialog } from "~/features/invoices/components/InvoiceLimitDialog";
import { InvoiceLiveTotal } from "~/features/invoices/components/InvoiceLiveTotal";

afterEach(cleanup);

function renderInApp(node: ReactNode) {
  const router = createMemoryRouter([{ path: "/", element: <AppProvider i18n={en}>{node}</AppProvider> }]);
  return render(<RouterProvider router={router} />);
}

const invoice = { invoiceNumber: "INV-0007", customerName: "Ada Lovelace", total: "$56.19" };

describe("confirmations", () => {
  it("void is destructive and acts only when confirmed", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderInApp(
      <InvoiceConfirmDialog intent="void" invoice={invoice} busy={false} onConfirm={onConfirm} onCancel={onCancel} />,
    );
    expect(screen.getByText("Void INV-0007?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    const confirm = screen.getByRole("button", { name: "Void invoice" });
    expect(confirm.className).toContain("toneCritical");
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("mark as paid names the customer and the amount, and is not destructive", () => {
    renderInApp(
      <InvoiceConfirmDialog
        intent="markPaid"
        invoice={invoice}
        busy={false}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText("Mark INV-0007 as paid?")).toBeTruthy();
    expect(screen.getByText(/Record that Ada Lovelace paid \$56\.19/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark as paid" }).className).not.toContain("toneCritical");
  });
});

describe("plan limit", () => {
  it("explains the limit and links to the plan settings, with no form", () => {
    renderInApp(
      <InvoiceLimitDialog
        limit={{ planName: "Starter", limit: 25, used: 25, upgradeUrl: "/settings?tab=plan" }}
        onClose={() => {}}
      />,
    );
    expect(
      screen.getByText(/Your Starter plan includes 25 invoices per calendar month, and 25 have been created/),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/settings?tab=plan");
    expect(screen.queryByLabelText("Customer email")).toBeNull();
  });
});

describe("live total", () => {
  it("shows the breakdown the server will store, or says why it cannot yet", () => {
    const form = {
      ...emptyForm("USD"),
      items: [{ key: "a", title: "Earbuds", qty: "3", price: "19.99" }],
      taxPercent: "8.25",
      shipping: "5",
    };
    renderInApp(<InvoiceLiveTotal form={form} />);
    const total = screen.getByTestId("invoice-live-total");
    expect(total.textContent).toBe("Subtotal$59.97Tax (8.25%)$4.95Shipping$5.00Total USD$69.92");
    cleanup();
    renderInApp(<InvoiceLiveTotal form={{ ...form, taxPercent: "120" }} />);
    expect(screen.getByTestId("invoice-live-total").textContent).toContain("0% to 100%");
  });
});
