// Roles in the browser: the demo's team, the "view as" switch, every write control disabled
// for a Viewer (and the server refusing one anyway), and an Owner's invitation recorded in
// the audit log.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

async function viewAs(page: Page, label: RegExp) {
  await page.waitForLoadState("networkidle");
  const select = page.getByLabel("View the demo as");
  const value = (await select.locator("option").filter({ hasText: label }).getAttribute("value"))!;
  await select.selectOption(value);
  // The switch posts, the cookie is set and the page reloads its data as that member.
  await expect(select).toHaveValue(value);
  await page.waitForLoadState("networkidle");
}

test("the demo's team, and a Viewer finds every write control disabled", async ({ page }) => {
  await page.goto("/settings?tab=team", { waitUntil: "networkidle" });
  await expect(page.getByTestId("seats-used")).toHaveText(/5 of 5 seats used on Pro/);
  for (const name of ["Jordan Lee", "Sam Patel", "Riley Chen", "casey.kim"])
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Inactive").first()).toBeVisible();
  await expect(page.getByText("Invited").first()).toBeVisible();

  await viewAs(page, /Sam Patel \(Viewer\)/);
  await page.goto("/costs");
  await expect(page.getByRole("button", { name: "Add Product Cost" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Expense" })).toBeDisabled();
  for (const button of await page.getByRole("button", { name: /^(Edit|Delete|Add cost for) / }).all())
    await expect(button).toBeDisabled();
  await page.goto("/app/invoices");
  await expect(page.getByRole("button", { name: /^Create Invoice/ })).toBeDisabled();
  for (const button of await page.getByRole("button", { name: /^Send invoice/ }).all())
    await expect(button).toBeDisabled();
  await page.goto("/settings?tab=plan");
  for (const button of await page.getByRole("button", { name: /^(Switch to|Start|Cancel subscription)/ }).all())
    await expect(button).toBeDisabled();
  await page.goto("/settings?tab=team");
  // The demo's five seats are all taken, so the tab says how to get one instead of the form.
  await expect(page.getByText(/All 5 seats of the Pro plan are taken/)).toBeVisible();
  for (const button of await page.getByRole("button", { name: /^Remove / }).all()) await expect(button).toBeDisabled();
  await page.goto("/settings?tab=audit");
  await expect(page.getByText("Only an Owner or Admin can read the audit log.")).toBeVisible();

  // The server refuses the Viewer whatever the page shows.
  const status = await page.evaluate(async () => {
    const res = await fetch("/api/stores/shop_demo/operating-expenses", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ category: "rent", description: "x", amount: "1", date: "2026-01-01" }),
    });
    return res.status;
  });
  expect(status).toBe(403);

  await viewAs(page, /Alex Morgan \(Owner\)/);
  await page.goto("/costs");
  await expect(page.getByRole("button", { name: "Add Product Cost" })).toBeEnabled();
});

test("an Owner's changes to the team are in the audit log", async ({ page }) => {
  await page.goto("/settings?tab=team", { waitUntil: "networkidle" });
  // Free a seat, then invite.
  await page.getByRole("button", { name: "Remove casey.kim" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove casey.kim?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("seats-used")).toHaveText(/4 of 5 seats used/);
  await page.getByLabel("Invite by e-mail").fill("new.hire@example.com");
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText("new.hire@example.com")).toBeVisible();
  await page.goto("/settings?tab=audit");
  await expect(page.getByText("team.invite").first()).toBeVisible();
  await expect(page.getByText("team.remove").first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
});
