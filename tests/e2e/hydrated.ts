// Waiting for React: the root layout replays what was typed or clicked before hydration and then
// removes `window.ppEarly` (lib/early-input.ts). A test that clicked a control only JavaScript
// answers before that raced on a loaded machine (a click that did nothing; a retried click that
// hit a dialog's backdrop while the dialog was still opening). So the tests' `page` waits for
// hydration after every goto and reload, except one that asks for `waitUntil: "commit"` (the
// tests of what happens before hydration).
import { expect, test as base, type Page } from "@playwright/test";

export { expect };

/** Resolves once the page in front has hydrated (at once on a page without the early-input script). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => !("ppEarly" in window), undefined, { timeout: 30_000 });
}

type Wait = { waitUntil?: string } | undefined;

export const test = base.extend({
  page: async ({ page }, use) => {
    const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)];
    const thenHydrated = async <R>(answer: Promise<R>, options: Wait) => {
      const response = await answer;
      if (options?.waitUntil !== "commit") await hydrated(page);
      return response;
    };
    page.goto = (url, options) => thenHydrated(goto(url, options), options);
    page.reload = (options) => thenHydrated(reload(options), options);
    await use(page);
  },
});
