// /digital-assets (docs/product/digital-assets.md): create a collection, issue it to a demo
// customer by e-mail, open the item's public verification page (no personal data); and the
// Blockchain Settings tab of a store with no RPC configured. The demo is left as found.
import Database from "better-sqlite3";
import { expect, test } from "./hydrated";

const NAME = "E2E Founders Pass";
function db() {
  return new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""));
}
function cleanUp() {
  const d = db();
  try {
    // This connection does not enforce foreign keys: the perks and their codes go first.
    const ids = `SELECT "id" FROM "AssetCollection" WHERE "name" = ?`;
    d.prepare(
      `DELETE FROM "PerkCode" WHERE "perkId" IN (SELECT "id" FROM "AssetPerk" WHERE "collectionId" IN (${ids}))`,
    ).run(NAME);
    d.prepare(`DELETE FROM "AssetPerk" WHERE "collectionId" IN (${ids})`).run(NAME);
    d.prepare(`DELETE FROM "AssetCollection" WHERE "name" = ?`).run(NAME);
  } finally {
    d.close();
  }
}
function customerEmail(): { email: string; firstName: string | null } {
  const d = db();
  try {
    return d
      .prepare(
        `SELECT "email", "firstName" FROM "Customer" WHERE "email" IS NOT NULL AND "deletedAt" IS NULL AND "redactedAt" IS NULL ORDER BY "createdAt" DESC LIMIT 1`,
      )
      .get() as { email: string; firstName: string | null };
  } finally {
    d.close();
  }
}

test.beforeAll(cleanUp);
test.afterAll(cleanUp);

test("create a collection, issue it to a customer, open its verification page", async ({ page, context }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/digital-assets?tab=collections");
  await expect(page.getByRole("heading", { name: "Digital Assets", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Create collection" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(NAME);
  await dialog.getByLabel("Supply").fill("3");
  await dialog.getByRole("button", { name: "Create collection" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: NAME });
  await expect(row).toContainText("0 / 3");

  const customer = customerEmail();
  await row.getByRole("button", { name: "Issue" }).click();
  await page.getByRole("dialog").getByLabel("Customer e-mail").fill(customer.email);
  await page.getByRole("dialog").getByRole("button", { name: "Issue" }).click();
  await expect(page.getByText("Item #1 issued.")).toBeVisible();
  await expect(row).toContainText("1 / 3");

  const [verify] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Open its verification page" }).click(),
  ]);
  await verify.waitForLoadState();
  await expect(verify.getByRole("heading", { level: 1 })).toContainText(`${NAME} #1`);
  await expect(verify.getByText("1 of 3")).toBeVisible();
  await expect(verify.locator("body")).not.toContainText(customer.email);

  // A free-shipping perk for the collection's holders: the one holder gets one code, once.
  await page.getByRole("button", { name: "Add perk" }).click();
  const perk = page.getByRole("dialog");
  await perk.getByLabel("Holders of").selectOption({ label: NAME });
  await perk.getByLabel("Title").fill("E2E holders ship free");
  await perk.getByLabel("Perk").selectOption("free_shipping");
  await expect(perk.getByLabel("Percentage off")).toHaveCount(0);
  await perk.getByRole("button", { name: "Add perk" }).click();
  await expect(perk).toHaveCount(0);
  const perkRow = page.getByRole("row").filter({ hasText: "E2E holders ship free" });
  await expect(perkRow).toContainText("Free shipping");
  await perkRow.getByRole("button", { name: "Issue codes" }).click();
  await expect(page.getByText("1 code issued; 0 holders already had one")).toBeVisible();
  await expect(perkRow).toContainText(/Free shipping\s*1\s*0/);
  expect(errors).toEqual([]);
});

test("Blockchain Settings with no RPC configured says so and claims nothing", async ({ page }) => {
  await page.goto("/digital-assets?tab=settings");
  await expect(page.getByTestId("status-ethereum")).toHaveText("Not configured");
  await expect(page.getByTestId("status-polygon")).toHaveText("Not configured");
  await expect(page.locator("body")).not.toContainText(/Connected|Deployed/);
});
