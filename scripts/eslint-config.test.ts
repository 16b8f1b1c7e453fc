// The layout's rules hold because lint fails on a break: these feed ESLint code that
// crosses a boundary (as if it were written at the given path) and expect the error.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

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
    expect(ids).toContain("import-x/no-cycle");
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
