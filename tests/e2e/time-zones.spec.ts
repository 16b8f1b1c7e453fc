// Every admin screen with the browser in New York and in Tokyo (the demo store is in New
// York): no console error, so no hydration error (#418/#425) from a date formatted in the
// browser's zone, and the dates a merchant reads are the store's, whatever the browser's.
import { expect, test } from "@playwright/test";
import { formatInstant } from "../../app/lib/dates";
import { demoStore, everyAdminScreen } from "./admin-routes";

for (const timezoneId of ["America/New_York", "Asia/Tokyo"]) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId, viewport: { width: 1366, height: 900 } });

    test("every admin screen renders without a console error", async ({ page }) => {
      test.setTimeout(240_000);
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      for (const path of everyAdminScreen()) {
        const response = await page.goto(path, { waitUntil: "networkidle" });
        expect(response?.status(), path).toBeLessThan(400);
      }
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      expect(errors).toEqual([]);
    });

    test("the Outbox shows the store's times whatever the browser's zone", async ({ page }) => {
      const { timeZone, newestMessageAt } = demoStore();
      await page.goto("/app/outbox", { waitUntil: "networkidle" });
      await expect(page.getByRole("row").nth(1)).toContainText(formatInstant(newestMessageAt, timeZone));
    });
  });
}
