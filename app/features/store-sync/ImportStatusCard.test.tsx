// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { ImportStatus } from "~/features/store-sync/import-status";
import { ImportStatusCard } from "~/features/store-sync/ImportStatusCard";

afterEach(cleanup);

const base: ImportStatus = {
  runId: "run_1",
  state: "running",
  phase: "orders",
  phaseLabel: "Importing orders",
  percent: 42,
  counts: { products: 120, variants: 340, customers: 2_500, orders: 1_234 },
  error: null,
  startedAt: "2026-06-30T12:00:00.000Z",
  finishedAt: null,
  finishedOn: null,
  limitedOrderHistory: false,
};

function renderCard(status: ImportStatus, canResync = true) {
  const posted: unknown[] = [];
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <AppProvider i18n={en}>
          <ImportStatusCard status={status} canResync={canResync} />
        </AppProvider>
      ),
    },
    {
      path: "/api/import",
      loader: () => status,
      action: async ({ request }) => {
        const body = await request.json();
        posted.push(body);
        return {
          ...base,
          state: "queued",
          phaseLabel: "Waiting to start",
          percent: 0,
          startedAt: "2026-07-01T00:00:00.000Z",
        };
      },
    },
  ]);
  render(<RouterProvider router={router} />);
  return posted;
}

describe("ImportStatusCard", () => {
  it("shows the phase, percentage, progress bar and counts while importing", () => {
    renderCard(base);
    expect(screen.getByText("Importing your store from Shopify: 42%")).toBeTruthy();
    expect(screen.getByText("Importing orders")).toBeTruthy();
    expect(screen.getByRole("progressbar")).toBeTruthy();
    expect(screen.getByText(/120 products · 340 variants · 2,500 customers · 1,234 orders so far/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resync" })).toBeNull();
  });

  it("shows a failed import with Retry, which resumes that run", async () => {
    const posted = renderCard({
      ...base,
      state: "failed",
      error: "Shopify's bulk export of orders failed (TIMEOUT).",
      percent: 35,
    });
    expect(screen.getByText("The store import failed")).toBeTruthy();
    expect(screen.getByText("Shopify's bulk export of orders failed (TIMEOUT).")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "retry", runId: "run_1" }]));
    await waitFor(() => expect(screen.getByText("Waiting to start")).toBeTruthy());
  });

  it("offers Resync once the store is imported", async () => {
    const posted = renderCard({
      ...base,
      state: "succeeded",
      phase: "done",
      phaseLabel: "Import complete",
      percent: 100,
      finishedAt: "2026-06-30T12:05:00.000Z",
      finishedOn: "2026-06-30",
      limitedOrderHistory: true,
    });
    expect(screen.getByText("Store data is up to date")).toBeTruthy();
    expect(screen.getByText(/Orders from the last 60 days/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resync" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "resync" }]));
  });

  it("shows nothing in the demo store, which has nothing to import", () => {
    const { container } = render(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: "/",
            element: (
              <AppProvider i18n={en}>
                <ImportStatusCard status={{ ...base, runId: null, state: "none" }} canResync={false} />
              </AppProvider>
            ),
          },
        ])}
      />,
    );
    expect(container.textContent).toBe("");
  });
});
