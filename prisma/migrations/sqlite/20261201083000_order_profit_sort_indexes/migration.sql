-- Written by hand (Prisma's schema cannot say an index on an expression, nor a partial one;
-- docs/decisions/124-orders-sorted-by-profit-from-an-index.md): the Orders profit view sorted by
-- profit or margin reads the orders whose figure is known in that order from these indexes, with
-- the range checked on "day" in the index, instead of computing and sorting every order of the
-- range. Each expression is the view's (app/features/profit/orders-view.server.ts), written the
-- same way, so both engines match it to the query; the database computes it from the row, so no
-- writer keeps it. A SQLite migration that redefines "Order" must create them again.
CREATE INDEX "Order_profit_sort_idx" ON "Order"("shopId", ("grossSalesMinor" - "discountsMinor" - "refundsMinor" + "shippingMinor" - "linesCostMinor" - COALESCE("shippingCostMinor", 0) - COALESCE("paymentFeesMinor", 0)), "day") WHERE "cancelledAt" IS NULL AND "linesUncostedUnits" = 0;

CREATE INDEX "Order_margin_sort_idx" ON "Order"("shopId", (("grossSalesMinor" - "discountsMinor" - "refundsMinor" + "shippingMinor" - "linesCostMinor" - COALESCE("shippingCostMinor", 0) - COALESCE("paymentFeesMinor", 0)) * 1.0 / ("grossSalesMinor" - "discountsMinor" - "refundsMinor" + "shippingMinor")), "day") WHERE "cancelledAt" IS NULL AND "linesUncostedUnits" = 0 AND ("grossSalesMinor" - "discountsMinor" - "refundsMinor" + "shippingMinor") > 0;
