// The Costs screen's sub-pages are its header's secondary actions (COST_PAGES): those that do not
// fit the header's width are rolled up under "More actions". Opens one either way.
import { expect, type Page } from "@playwright/test";

export async function openCostPage(page: Page, name: string) {
  await expect(page.getByRole("heading", { name: "Cost Management", level: 1 })).toBeVisible();
  const link = page.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) {
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name, exact: true }).or(link).first().click();
  } else await link.click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}
