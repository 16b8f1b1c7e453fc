// Waiting for React: the root layout replays what was typed or clicked before hydration and then
// removes `window.ppEarly` (lib/early-input.ts). A test that clicks a control only JavaScript
// answers waits for that first; retrying the click instead raced on a loaded machine (a dialog
// still opening when the next click came, its backdrop then taking every click until the timeout).
import type { Page } from "@playwright/test";

/** Resolves once the page in front has hydrated. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => !("ppEarly" in window), undefined, { timeout: 30_000 });
}

/** Opens an admin page and waits until it has hydrated. */
export async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}
