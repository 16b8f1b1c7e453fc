// /privacy (docs/product/privacy.md): a customer's request from the public /gdpr form reaches the
// store's queue, is verified and fulfilled (the bundle's link e-mailed) and shows as completed;
// confirming a checklist item moves the score. The demo is left as found.
import Database from "better-sqlite3";
import { expect, test } from "./hydrated";

const dbFile = () => (process.env.DATABASE_URL ?? "").replace(/^file:/, "");
let email = "";

function cleanUp() {
  const db = new Database(dbFile());
  try {
    const ids = db.prepare(`SELECT id FROM "PrivacyRequest" WHERE "source" = 'public_form'`).all() as { id: string }[];
    for (const { id } of ids) db.prepare(`DELETE FROM "AuditEntry" WHERE "entityId" = ?`).run(id);
    db.prepare(`DELETE FROM "PrivacyRequest" WHERE "source" = 'public_form'`).run();
    db.prepare(`DELETE FROM "RateLimiterFlexible" WHERE "key" LIKE 'gdpr-export%'`).run();
    db.prepare(`UPDATE "PrivacySettings" SET "policyConfirmedAt" = NULL`).run();
  } finally {
    db.close();
  }
}

test.beforeAll(() => {
  cleanUp();
  const db = new Database(dbFile(), { readonly: true });
  try {
    email = (
      db
        .prepare(
          `SELECT "email" FROM "Customer" WHERE "email" IS NOT NULL AND "redactedAt" IS NULL ORDER BY "id" LIMIT 1`,
        )
        .get() as { email: string }
    ).email;
  } finally {
    db.close();
  }
});
test.afterAll(cleanUp);

test("a request from the public form to its completion", async ({ page }) => {
  await page.goto("/gdpr");
  await page.getByRole("button", { name: "Export your data" }).click();
  await page.getByLabel("E-mail address").fill(email);
  const [response] = await Promise.all([
    page.waitForResponse("**/api/gdpr/export-request"),
    page.getByRole("button", { name: "Send me my data" }).click(),
  ]);
  expect(response.status()).toBe(202);

  await page.goto("/privacy?tab=requests");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Public form");
  await expect(row).toContainText("Not verified");
  await row.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("button", { name: "Mark verified" }).click();
  await expect(row).toContainText("Identity verified");
  await row.getByRole("button", { name: "Fulfil" }).click();
  await expect(page.getByText("signed link that expires in 48 hours")).toBeVisible();
  await page.getByRole("button", { name: "Fulfil", exact: true }).last().click();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  await page.getByRole("tab", { name: "Completed" }).click();
  await expect(page.getByRole("row").filter({ hasText: email }).first()).toContainText("Completed");
});

test("confirming a checklist item moves the score", async ({ page }) => {
  await page.goto("/privacy?tab=compliance");
  const done = page.getByText(/\d of 8 items done/);
  const before = Number((await done.textContent())!.match(/(\d) of 8/)![1]);
  const item = page.locator("#item-policy");
  await item.getByRole("button", { name: "Confirm" }).click();
  await expect(done).toContainText(`${before + 1} of 8 items done`);
  await expect(item).toContainText("Done");
  const score = `${Math.round((100 * (before + 1)) / 8)}%`;
  await expect(page.getByText("Compliance score").locator("..")).toContainText(score);
});
