// @vitest-environment jsdom
// The shared dialog against a real router: each field shows its own error from the action's
// answer, and a refused answer (403) is a toast while the dialog and the page stay as they were.
import { useFetcher } from "@remix-run/react";
import { AppProvider, Frame } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { ToastProvider } from "~/components/toasts";
import type { FieldErrors, Refusal } from "~/lib/forms";

afterEach(cleanup);

type Answer = { ok: true } | { ok: false; fieldErrors: FieldErrors } | Refusal;

function AdjustPoints({ onResult }: { onResult: (answer: Answer) => void }) {
  const fetcher = useFetcher<Answer>();
  const form = useDialogForm({ email: "", points: "" });
  return (
    <FetcherDialog
      title="Adjust points"
      fetcher={fetcher}
      form={form}
      onClose={() => {}}
      onResult={onResult}
      primaryAction={{ content: "Record adjustment", onAction: () => fetcher.submit(form.values, { method: "post" }) }}
    >
      <FormField name="email" label="Customer e-mail" />
      <FormField name="points" label="Points" />
    </FetcherDialog>
  );
}

function renderWithAction(answer: (form: FormData) => unknown) {
  const onResult = vi.fn();
  const submitted: FormData[] = [];
  const router = createMemoryRouter([
    {
      path: "/",
      action: async ({ request }) => {
        const form = await request.formData();
        submitted.push(form);
        return answer(form);
      },
      element: (
        <AppProvider i18n={en}>
          <Frame>
            <ToastProvider>
              <h1>Loyalty</h1>
              <AdjustPoints onResult={onResult} />
            </ToastProvider>
          </Frame>
        </AppProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { onResult, submitted };
}

describe("FetcherDialog", () => {
  it("posts the fields' values and shows each field's own error from the answer", async () => {
    const { onResult, submitted } = renderWithAction(() => ({
      ok: false,
      fieldErrors: { email: ["No customer with this e-mail"], _form: ["Nothing was recorded"] },
    }));
    fireEvent.change(screen.getByLabelText("Customer e-mail"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Points"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Record adjustment" }));
    await screen.findByText("No customer with this e-mail");
    expect(submitted[0].get("email")).toBe("ada@example.com");
    expect(submitted[0].get("points")).toBe("50");
    // The error belongs to the e-mail field (Polaris links it with aria-describedby); Points has none.
    const email = screen.getByLabelText("Customer e-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!.split(" ")[0])?.textContent).toContain(
      "No customer with this e-mail",
    );
    expect(screen.getByLabelText("Points").getAttribute("aria-invalid")).toBe("false");
    expect(screen.getByText("Nothing was recorded")).toBeTruthy();
    expect(onResult).toHaveBeenCalledOnce();
  });

  it("shows a refusal as a toast and leaves the dialog and the page as they were", async () => {
    const refusal: Refusal = {
      ok: false,
      refused: "Your role (Viewer) cannot do this. Ask an Owner or Admin of this store.",
      fieldErrors: {},
    };
    const { onResult } = renderWithAction(() => refusal);
    fireEvent.change(screen.getByLabelText("Points"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Record adjustment" }));
    await waitFor(() =>
      expect(document.querySelector(".Polaris-Frame-Toast--error")?.textContent).toContain(refusal.refused),
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect((screen.getByLabelText("Points") as HTMLInputElement).value).toBe("50");
    expect(screen.getByRole("heading", { name: "Loyalty" })).toBeTruthy();
    expect(onResult).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole("button", { name: "Record adjustment" }).ariaBusy).not.toBe("true"));
  });
});
