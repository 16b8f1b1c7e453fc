-- CreateTable
CREATE TABLE "CustomerReadOwnWrite" (
    "shopId" TEXT NOT NULL PRIMARY KEY
);


-- The summary and score-row triggers of 20261126152854_customer_read_snapshot, recreated to leave
-- out the writes of a shop's whole-shop recompute while it marks them in "CustomerReadOwnWrite"
-- (docs/decisions/067-customer-order-summary.md, ninth pass): it records those in
-- "CustomerReadPatch" instead, and listing them cost a lookup and an insert each, only for the
-- recompute to take them off again. The marker lives only inside the recompute's transaction.
-- The "Customer" triggers are unchanged (the recompute does not write customers).
DROP TRIGGER "CustomerOrderSummary_read_insert";
DROP TRIGGER "CustomerOrderSummary_read_update";
DROP TRIGGER "CustomerOrderSummary_read_delete";
DROP TRIGGER "CustomerScore_read_insert";
DROP TRIGGER "CustomerScore_read_update";
DROP TRIGGER "CustomerScore_read_delete";
CREATE TRIGGER "CustomerOrderSummary_read_insert" AFTER INSERT ON "CustomerOrderSummary"
WHEN NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" = new."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerOrderSummary_read_update" AFTER UPDATE ON "CustomerOrderSummary"
WHEN NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" IN (old."shopId", new."shopId")) BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerOrderSummary_read_delete" AFTER DELETE ON "CustomerOrderSummary"
WHEN EXISTS (SELECT 1 FROM "Shop" WHERE "id" = old."shopId")
  AND NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" = old."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
END;
CREATE TRIGGER "CustomerScore_read_insert" AFTER INSERT ON "CustomerScore"
WHEN NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" = new."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerScore_read_update" AFTER UPDATE OF "shopId", "customerId", "digest" ON "CustomerScore"
WHEN NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" IN (old."shopId", new."shopId")) BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerScore_read_delete" AFTER DELETE ON "CustomerScore"
WHEN EXISTS (SELECT 1 FROM "Shop" WHERE "id" = old."shopId")
  AND NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" = old."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
END;
