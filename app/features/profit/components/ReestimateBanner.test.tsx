// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { ReestimateStatus } from "~/features/profit/reestimate";
import { ReestimateBanner } from "~/features/profit/components/ReestimateBanner";

afterEach(cleanup);

const running: ReestimateStatus = {
  kind: "fees",
  state: "running",
  done: 12_000,
  total: 40_000,
  error: null,
  startedAt: "2026-12-01T10:00:00.000Z",
  finishedAt: null,
};

/** The banner on a route whose loader answers each status of `statuses` in turn (the last one repeats). */
function renderBanner(statuses: (ReestimateStatus | null)[]) {
  const posted: FormData[] = [];
  let loads = 0;
  function Screen() {
    const { status } = useLoaderData() as { status: ReestimateStatus | null };
    return (
      <AppProvider i18n={en}>
        <ReestimateBanner status={status} />
      </AppProvider>
    );
  }
  const router = createMemoryRouter([
    {
      path: "/",
      element: <Screen />,
      loader: () => ({ status: statuses[Math.min(loads++, statuses.length - 1)] }),
      action: async ({ request }) => {
        posted.push(await request.formData());
        return { ok: true };
      },
    },
  ]);
  render(<RouterProvider router={router} />);
  return { posted, loads: () => loads };
}

describe("ReestimateBanner", () => {
  it("shows the progress while running and that the P&L has the old estimates", async () => {
    renderBanner([running]);
    expect(await screen.findByText("Re-estimating fees: 12,000 of 40,000 orders")).toBeTruthy();
    expect(screen.getByText(/old estimates until it finishes/)).toBeTruthy();
    expect(document.querySelector(".Polaris-ProgressBar")).toBeTruthy();
  });

  it("shows an empty bar while the run waits to start, not the last run's progress", async () => {
    renderBanner([{ ...running, state: "queued", done: 39_000, total: 40_000 }]);
    expect(await screen.findByText("Re-estimating fees: waiting to start")).toBeTruthy();
    expect(document.querySelector("progress")?.getAttribute("value")).toBe("0");
  });

  it("refreshes itself until the run is done, then disappears", async () => {
    const { loads } = renderBanner([
      running,
      { ...running, done: 30_000 },
      { ...running, state: "done", done: 40_000 },
    ]);
    expect(await screen.findByText("Re-estimating fees: 12,000 of 40,000 orders")).toBeTruthy();
    expect(await screen.findByText("Re-estimating fees: 30,000 of 40,000 orders", {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Re-estimating fees/)).toBeNull(), { timeout: 5_000 });
    const after = loads();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(loads()).toBe(after);
  }, 15_000);

  it("shows a failed run's error with a Retry that posts the retry intent", async () => {
    const { posted } = renderBanner([{ ...running, kind: "shipping", state: "failed", error: "database is locked" }]);
    expect(await screen.findByText("Re-estimating orders failed")).toBeTruthy();
    expect(screen.getByText("database is locked")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].get("intent")).toBe("retryReestimate");
  });

  it("shows nothing when no run was asked for or the last one is done", async () => {
    renderBanner([null]);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Re-estimating/)).toBeNull();
  });
});
