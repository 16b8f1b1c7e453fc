// Every order's stored line costs (Order.linesCostMinor, linesUncostedUnits) equal its lines'
// (docs/decisions/069-order-lines-cost.md): checked after each kind of write in the tests.
import { expect } from "vitest";
import { prisma } from "~/db.server";
import { linesCost } from "~/lib/lines-cost";

/** Asserts the invariant for every order of the shop; returns how many orders have a stored cost. */
export async function expectLinesCostKept(shopId: string): Promise<number> {
  const orders = await prisma.order.findMany({
    where: { shopId },
    select: {
      name: true,
      linesCostMinor: true,
      linesUncostedUnits: true,
      lines: { select: { quantity: true, unitCostMinor: true } },
    },
  });
  for (const o of orders)
    expect({ order: o.name, linesCostMinor: o.linesCostMinor, linesUncostedUnits: o.linesUncostedUnits }).toEqual({
      order: o.name,
      ...linesCost(o.lines),
    });
  return orders.filter((o) => o.linesCostMinor > 0).length;
}
