// An order's line costs as stored on the order (docs/decisions/069-order-lines-cost.md): every
// write of an order's lines keeps `Order.linesCostMinor` and `Order.linesUncostedUnits` equal to
// this, so a reader that needs each order's cost of goods (the analytics export) reads the order
// instead of every line.

/** Σ quantity × unit cost over the lines with a cost, and the units of the lines without one. */
export function linesCost(lines: readonly { quantity: number; unitCostMinor: number | null }[]): {
  linesCostMinor: number;
  linesUncostedUnits: number;
} {
  let linesCostMinor = 0;
  let linesUncostedUnits = 0;
  for (const l of lines)
    if (l.unitCostMinor === null) linesUncostedUnits += l.quantity;
    else linesCostMinor += l.quantity * l.unitCostMinor;
  return { linesCostMinor, linesUncostedUnits };
}
