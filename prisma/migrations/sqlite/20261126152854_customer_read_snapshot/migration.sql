-- CreateTable
CREATE TABLE "CustomerReadSnapshot" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "takenAt" DATETIME NOT NULL,
    "customers" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "ids" TEXT NOT NULL,
    CONSTRAINT "CustomerReadSnapshot_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerReadChange" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,

    PRIMARY KEY ("shopId", "customerId")
);


-- The customers whose rows changed since the shop's CustomerReadSnapshot was taken, listed by
-- triggers so that every writer is covered (docs/decisions/067-customer-order-summary.md, sixth
-- pass). Raw SQL that Prisma's schema does not describe: a later migration that redefines
-- "Customer", "CustomerOrderSummary" or "CustomerScore" (SQLite copies the table) drops these
-- triggers and must recreate them. Until it does, the recompute sees them missing and reads every
-- customer (app/features/customers/read-snapshot.db.test.ts fails).
-- Only for a shop with a snapshot: without one the recompute reads the tables anyway, so a bulk
-- write (the weekly rebuild drops the snapshot first) does not pay for a list. NOT EXISTS rather
-- than OR IGNORE: a statement's own conflict clause overrides a trigger's.
-- A customer deleted with their shop is not listed (the shop is gone); the shop's list goes with it.
CREATE TRIGGER "Customer_read_insert" AFTER INSERT ON "Customer" BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."id"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."id");
END;
CREATE TRIGGER "Customer_read_update" AFTER UPDATE OF "id", "shopId", "createdAt", "redactedAt", "deletedAt" ON "Customer" BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."id"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."id");
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."id"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."id");
END;
CREATE TRIGGER "Customer_read_delete" AFTER DELETE ON "Customer"
WHEN EXISTS (SELECT 1 FROM "Shop" WHERE "id" = old."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."id"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."id");
END;
CREATE TRIGGER "CustomerOrderSummary_read_insert" AFTER INSERT ON "CustomerOrderSummary" BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerOrderSummary_read_update" AFTER UPDATE ON "CustomerOrderSummary" BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerOrderSummary_read_delete" AFTER DELETE ON "CustomerOrderSummary"
WHEN EXISTS (SELECT 1 FROM "Shop" WHERE "id" = old."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
END;
CREATE TRIGGER "CustomerScore_read_insert" AFTER INSERT ON "CustomerScore" BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerScore_read_update" AFTER UPDATE OF "shopId", "customerId", "digest" ON "CustomerScore" BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT new."shopId", new."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = new."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = new."shopId" AND "customerId" = new."customerId");
END;
CREATE TRIGGER "CustomerScore_read_delete" AFTER DELETE ON "CustomerScore"
WHEN EXISTS (SELECT 1 FROM "Shop" WHERE "id" = old."shopId") BEGIN
  INSERT INTO "CustomerReadChange" ("shopId", "customerId") SELECT old."shopId", old."customerId"
    WHERE EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = old."shopId")
      AND NOT EXISTS (SELECT 1 FROM "CustomerReadChange" WHERE "shopId" = old."shopId" AND "customerId" = old."customerId");
END;
CREATE TRIGGER "Shop_read_delete" AFTER DELETE ON "Shop" BEGIN
  DELETE FROM "CustomerReadChange" WHERE "shopId" = old."id";
END;
