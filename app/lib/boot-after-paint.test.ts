import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, bootAfterPaint } from "./boot-after-paint";

const head = `<!DOCTYPE html><html><head><style id="pp-critical">.a{}</style></head><body><div class="a">Page</div><script>scroll()</script>`;
const scripts = `<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/><script>window.__remixContext = {};</script><script type="module" async="">import "/assets/root.js";</script>`;
const stream = `<!--$--><script>window.__remixContext.streamController.enqueue("[]");</script><!--/$-->`;

describe("bootAfterPaint", () => {
  it("holds the preloads, the module script and single fetch's data in a template, in their order", () => {
    const html = bootAfterPaint(`${head}${scripts}</body></html>${stream}`);
    expect(html).toBe(
      `${head}<template id="pp-boot">${scripts}${stream}</template><script>${BOOT_SCRIPT}</script></body></html>`,
    );
  });

  it("leaves a page without scripts as it is", () => {
    const page = `${head}</body></html>`;
    expect(bootAfterPaint(page)).toBe(page);
  });
});
