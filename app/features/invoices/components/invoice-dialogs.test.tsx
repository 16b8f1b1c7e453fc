// @vitest-environment jsdom
// The invoice dialogs against a real router: what they post, the field errors of the answer on
// the fields, and a refusal (403) as a toast with the dialog left as it was.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { errorToast, renderDialog, viewerRefusal } from "~tests/dialog-harness";
import { emptyForm } from "~/features/invoices/form";
import { InvoiceSettingsDialog } from "~/features/invoices/components/InvoiceSettingsDialog";
import { InvoiceConfirmDialog } from "~/features/invoices/components/InvoiceConfirmDialog";
import { InvoiceLimitDialog } from "~/features/invoices/components/InvoiceLimitDialog";
import { InvoiceLiveTotal } from "~/features/invoices/components/InvoiceLiveTotal";

afterEach(cleanup);
// A Polaris modal under a real router in jsdom: the first render pays for loading Polaris, which
// on a loaded two-core machine runs past vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const renderInApp = (node: ReactNode, answer?: (form: FormData) => unknown) =>
  renderDialog(node, answer ?? (() => ({ ok: true, intent: "" })));

const invoice = { id: "inv_7", invoiceNumber: "INV-0007", customerName: "Ada Lovelace", total: "$56.19" };
const refusal = viewerRefusal;

describe("confirmations", () => {
  it("void is destructive and posts only when confirmed", async () => {
    const onDone = vi.fn();
    const onCancel = vi.fn();
    const { posted } = renderInApp(
      <InvoiceConfirmDialog intent="void" invoice={invoice} onDone={onDone} onCancel={onCancel} />,
      () => ({ ok: true, intent: "void" }),
    );
    expect(screen.getByText("Void INV-0007?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(posted).toHaveLength(0);
    const confirm = screen.getByRole("button", { name: "Void invoice" });
    expect(confirm.className).toContain("toneCritical");
    fireEvent.click(confirm);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ok: true, intent: "void" }));
    expect(posted[0].get("intent")).toBe("void");
    expect(posted[0].get("invoiceId")).toBe("inv_7");
  });

  it("a refusal (403) is a toast and the confirmation stays open", async () => {
    const onDone = vi.fn();
    renderInApp(
      <InvoiceConfirmDialog intent="markPaid" invoice={invoice} onDone={onDone} onCancel={() => {}} />,
      () => refusal,
    );
    fireEvent.click(screen.getByRole("button", { name: "Mark as paid" }));
    await waitFor(() => expect(errorToast()).toContain(refusal.refused));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByText("Mark INV-0007 as paid?")).toBeTruthy();
  });

  it("mark as paid names the customer and the amount, and is not destructive", () => {
    renderInApp(<InvoiceConfirmDialog intent="markPaid" invoice={invoice} onDone={() => {}} onCancel={() => {}} />);
    expect(screen.getByText("Mark INV-0007 as paid?")).toBeTruthy();
    expect(screen.getByText(/Record that Ada Lovelace paid \$56\.19/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark as paid" }).className).not.toContain("toneCritical");
  });
});

describe("settings", () => {
  const settings = {
    prefix: "INV-",
    paymentInstructions: "",
    businessAddress: "1 Main St",
    paypalMeUrl: "",
    hasLogo: false,
  };

  it("posts the values and shows the answer's error on its field until that field changes", async () => {
    const onToast = vi.fn();
    const { posted } = renderInApp(
      <InvoiceSettingsDialog settings={settings} stripeEnabled={false} onClose={() => {}} onToast={onToast} />,
      () => ({
        ok: false,
        intent: "settings",
        message: "Invalid",
        fieldErrors: { paypalMeUrl: ["Use a paypal.me link"] },
      }),
    );
    fireEvent.change(screen.getByLabelText("PayPal.Me link"), { target: { value: "https://example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Use a paypal.me link");
    expect(posted[0].get("paypalMeUrl")).toBe("https://example.com");
    expect(posted[0].get("prefix")).toBe("INV-");
    expect(posted[0].get("removeLogo")).toBe("false");
    expect(screen.getByLabelText("PayPal.Me link").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Invoice number prefix").getAttribute("aria-invalid")).toBe("false");
    expect(onToast).toHaveBeenCalledWith({ content: expect.stringContaining("Failed"), error: true });
    fireEvent.change(screen.getByLabelText("PayPal.Me link"), { target: { value: "https://paypal.me/ada" } });
    expect(screen.queryByText("Use a paypal.me link")).toBeNull();
  });

  it("a refusal (403) is a toast; the dialog keeps what was typed", async () => {
    const onClose = vi.fn();
    const onToast = vi.fn();
    renderInApp(
      <InvoiceSettingsDialog settings={settings} stripeEnabled={false} onClose={onClose} onToast={onToast} />,
      () => refusal,
    );
    fireEvent.change(screen.getByLabelText("Invoice number prefix"), { target: { value: "ACME-" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(errorToast()).toContain(refusal.refused));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onToast).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Invoice number prefix") as HTMLInputElement).value).toBe("ACME-");
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
