import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, EARLY_SCRIPT, bootAfterPaint } from "./boot-after-paint";

const charset = `<!DOCTYPE html><html><head><meta charSet="utf-8"/>`;
const head = `<style id="pp-critical">.a{}</style></head><body><div class="a">Page</div><script>scroll()</script>`;
const scripts = `<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/><script>window.__remixContext = {};</script><script type="module" async="">import "/assets/root.js";</script>`;
const stream = `<!--$--><script>window.__remixContext.streamController.enqueue("[]");</script><!--/$-->`;

describe("bootAfterPaint", () => {
  it("keeps early input from the head, and holds the preloads, the module script and single fetch's data in a template, in their order", () => {
    const html = bootAfterPaint(`${charset}${head}${scripts}</body></html>${stream}`);
    expect(html).toBe(
      `${charset}<script>${EARLY_SCRIPT}</script>${head}<template id="pp-boot">${scripts}${stream}</template><script>${BOOT_SCRIPT}</script></body></html>`,
    );
  });

  it("leaves a page without scripts as it is", () => {
    const page = `${charset}${head}</body></html>`;
    expect(bootAfterPaint(page)).toBe(page);
  });
});
