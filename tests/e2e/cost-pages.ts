// The Costs screen's sub-pages are its header's "Cost pages" menu (COST_PAGES): one menu at every
// width, so the header does not re-flow when Polaris measures it after hydration. On a narrow
// screen Polaris may roll the menu up under "More actions". Opens one either way.
import { expect, type Page } from "@playwright/test";

export async function openCostPage(page: Page, name: string, heading = name) {
  await expect(page.getByRole("heading", { name: "Cost Management", level: 1 })).toBeVisible();
  const menu = page.getByRole("button", { name: "Cost pages" });
  const more = page.getByRole("button", { name: "More actions" });
  // Polaris shows the header's actions once it has measured them, after hydration.
  await expect(menu.or(more).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  else {
    await more.click();
    const group = page.getByRole("menuitem", { name: "Cost pages" });
    if (await group.isVisible()) await group.click();
  }
  await page
    .getByRole("menuitem", { name, exact: true })
    .or(page.getByRole("link", { name, exact: true }))
    .first()
    .click();
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}
