// The layout's rules hold because lint fails on a break: these feed ESLint code that
// crosses a boundary (as if it were written at the given path) and expect the error.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // The first lint parses the app's module graph (the cycle rules walk it); later ones reuse it.
  await eslint.lintFiles(["app/features/invoices/index.ts", "app/features/invoices/index.server.ts"]);
}, 60_000);

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId);
}

describe("the layout rules (eslint.config.js)", () => {
  it("refuses a feature reaching into another feature's internals", async () => {
    const ids = await ruleIds(
      "app/features/profit/zz.server.ts",
      `import { sendInvoice } from "~/features/invoices/invoices.server";\nexport const f = sendInvoice;\n`,
    );
    expect(ids).toContain("boundaries/dependencies");
  });

  it("lets a feature use another feature's public surface", async () => {
    const ids = await ruleIds(
      "app/features/profit/zz.server.ts",
      `import { sendInvoice } from "~/features/invoices/index.server";\nexport const f = sendInvoice;\n`,
    );
    expect(ids).not.toContain("boundaries/dependencies");
  });

  it("refuses platform importing a feature, internals or surface", async () => {
    const internals = await ruleIds(
      "app/platform/zz.server.ts",
      `import { getShopByDomain } from "~/features/shop/shop.server";\nexport const f = getShopByDomain;\n`,
    );
    const surface = await ruleIds(
      "app/platform/zz.server.ts",
      `import { requireAdmin } from "~/features/shop/index.server";\nexport const f = requireAdmin;\n`,
    );
    expect(internals).toContain("boundaries/dependencies");
    expect(surface).toContain("boundaries/dependencies");
  });

  it("refuses lib importing anything of ours outside lib", async () => {
    const ids = await ruleIds(
      "app/lib/zz.ts",
      `import { json } from "~/platform/http.server";\nexport const f = json;\n`,
    );
    expect(ids).toContain("boundaries/dependencies");
  });

  it("refuses a route reaching into a feature's internals", async () => {
    const ids = await ruleIds(
      "app/routes/zz.tsx",
      `import { getShopByDomain } from "~/features/shop/shop.server";\nexport const f = getShopByDomain;\n`,
    );
    expect(ids).toContain("boundaries/dependencies");
  });

  it("finds an import cycle", async () => {
    // app/features/profit/profit.ts imports ~/lib/dates; lib/dates importing it back closes a cycle.
    const ids = await ruleIds(
      "app/lib/dates.ts",
      `import { addTotals } from "~/features/profit/profit";\nexport const f = addTotals;\n`,
    );
    expect(ids).toContain("local/no-cycle");
  });

  it("finds an import cycle held together by a type-only import", async () => {
    // TrendChart renders ChartPointer; the pointer taking a type back from the chart closes a cycle
    // that import-x/no-cycle would not see.
    const ids = await ruleIds(
      "app/features/profit/ChartPointer.tsx",
      `import type { TrendChart } from "~/features/profit/TrendChart";\nexport type Chart = typeof TrendChart;\n`,
    );
    expect(ids).toContain("local/no-cycle");
  });

  it("keeps a feature's browser index away from server code, directly or through what it imports", async () => {
    const direct = await ruleIds(
      "app/features/profit/index.ts",
      `export { sendInvoice } from "~/features/invoices/index.server";\n`,
    );
    const ownServer = await ruleIds(
      "app/features/profit/index.ts",
      `export { getDayFigures } from "./dashboard.server";\n`,
    );
    // A route module has no .server in its name but imports its feature's index.server.
    const transitive = await ruleIds(
      "app/features/profit/index.ts",
      `export { default as InvoicesRoute } from "~/routes/_admin.app.invoices";\n`,
    );
    expect(direct).toContain("local/no-server-in-browser-index");
    expect(ownServer).toContain("local/no-server-in-browser-index");
    expect(transitive).toContain("local/no-server-in-browser-index");
  });

  it("lets a browser index take server types (erased from the bundle), also through another index", async () => {
    const ids = await ruleIds(
      "app/features/profit/index.ts",
      `export type { Dashboard } from "./dashboard.server";\nexport { TOAST, type InvoiceDetailData } from "~/features/invoices";\n`,
    );
    expect(ids).not.toContain("local/no-server-in-browser-index");
  });

  it("asks for the ~/ alias instead of climbing folders", async () => {
    const ids = await ruleIds(
      "app/features/profit/zz.ts",
      `import { formatMoney } from "../../lib/money";\nexport const f = formatMoney;\n`,
    );
    expect(ids).toContain("no-restricted-imports");
  });

  it("keeps routes under 300 lines and components under 150", async () => {
    const longRoute = `export const a = 1;\n${"export const b = 2;\n".repeat(300)}`;
    expect(await ruleIds("app/routes/zz.tsx", longRoute)).toContain("max-lines");
    const longComponent = `export function Big() {\n${"  console.log(1);\n".repeat(150)}  return null;\n}\n`;
    expect(await ruleIds("app/features/profit/Zz.tsx", longComponent)).toContain("max-lines-per-function");
  });
});
