import { expect, test } from "./hydrated";

// The app measures itself: page loads are timed on the server and their Web Vitals sent by
// the browser; Settings → Performance shows the figures (written in batches every 5 s).
test.describe("performance", () => {
  test("the Performance tab shows measured figures after a few page loads", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    const vitals: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/vitals")) vitals.push(r.status());
    });
    for (const path of ["/dashboard", "/costs", "/app/invoices"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    // An in-app navigation sends the page's LCP; leaving a page sends its CLS (and INP).
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect(page.getByRole("heading", { name: "Analytics Dashboard" })).toBeVisible();
    await expect.poll(() => vitals.length).toBeGreaterThan(0);
    expect(vitals.every((s) => s === 204)).toBe(true);

    await expect(async () => {
      await page.goto("/settings?tab=performance");
      await expect(page.getByRole("tab", { name: "Performance" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("No measurements yet")).toHaveCount(0);
      const panel = page.locator("#performance-panel");
      await expect(panel.getByText(/^\d+ requests$/)).toBeVisible();
      const requests = Number((await panel.getByText(/^\d+ requests$/).textContent())!.split(" ")[0]);
      expect(requests).toBeGreaterThanOrEqual(4);
      // LCP measured in this browser, against Built for Shopify's bar.
      await expect(panel.getByText(/^LCP \d+(\.\d+)? (ms|s)$/)).toBeVisible();
    }).toPass({ timeout: 30_000, intervals: [2_000] });

    const panel = page.locator("#performance-panel");
    await expect(panel.getByText("API median")).toBeVisible();
    await expect(panel.getByText(/^\d+(\.\d)? ms$/).first()).toBeVisible();
    await expect(panel.getByText(/^\d+ \/ 100$/)).toBeVisible();
    await expect(panel.getByText(/Health = 100 × weighted mean/)).toBeVisible();
    await expect(panel.getByRole("table")).toContainText("(today)");

    // The dashboard's card reads the same figures.
    await page.goto("/dashboard");
    const card = page.getByText("App Performance", { exact: true });
    await expect(card).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("/api/vitals refuses bad input with 400 and answers 405 to GET", async ({ request }) => {
    const bad = await request.post("/api/vitals", { data: { metrics: [{ name: "FID", value: 1 }] } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).fieldErrors).toBeTruthy();
    expect((await request.get("/api/vitals")).status()).toBe(405);
  });
});
