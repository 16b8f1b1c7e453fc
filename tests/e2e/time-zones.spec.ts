// The dates a merchant reads are the store's (New York), whatever the browser's zone. Every
// admin screen is also opened with the browser in New York and in Tokyo by layout.spec.ts,
// which fails on any console error, so on a hydration error (#418/#425) from a date formatted
// in the browser's zone.
import { expect, test } from "./hydrated";
import { formatInstant } from "../../app/lib/dates";
import { demoStore } from "./admin-routes";

for (const timezoneId of ["America/New_York", "Asia/Tokyo"]) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId, viewport: { width: 1366, height: 900 } });

    test("the Outbox shows the store's times whatever the browser's zone", async ({ page }) => {
      const { timeZone, newestMessageAt } = demoStore();
      await page.goto("/app/outbox", { waitUntil: "networkidle" });
      await expect(page.getByRole("row").nth(1)).toContainText(formatInstant(newestMessageAt, timeZone));
    });
  });
}
