-- The whole-shop recompute's read snapshot on PostgreSQL (docs/decisions/067-customer-order-summary.md,
-- twelfth pass): the customers whose Customer, CustomerOrderSummary or CustomerScore row was written
-- since the shop's CustomerReadSnapshot was taken are listed in "CustomerReadChange", as SQLite's
-- triggers of 20261126152854_customer_read_snapshot and 20261126233956_customer_read_own_write list
-- them. Statement-level triggers over the statement's transition tables: one call per statement,
-- so the recompute's own batches of a hundred rows (left unlisted while it marks its shop in
-- "CustomerReadOwnWrite") cost one lookup each, not one per row. PostgreSQL allows no column list
-- with transition tables, so an update is listed when the columns the read takes changed (on
-- Customer: id, shopId, createdAt, redactedAt, deletedAt; on CustomerScore: shopId, customerId,
-- digest; on CustomerOrderSummary: any). A shop's rows deleted with the shop are not listed (the
-- shop is gone when its rows' delete triggers run), and the shop's list goes with it.

CREATE FUNCTION "customer_read_listed"("shop" TEXT) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = "shop")
    AND NOT EXISTS (SELECT 1 FROM "CustomerReadOwnWrite" WHERE "shopId" = "shop")
$$;

CREATE FUNCTION "Customer_read_list"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "shopId" FROM new_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT n."shopId", n."id" FROM new_rows n WHERE "customer_read_listed"(n."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT "shopId" FROM new_rows UNION SELECT "shopId" FROM old_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT n."shopId", n."id" FROM new_rows n
        WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."id" = n."id" AND o."shopId" = n."shopId"
            AND o."createdAt" = n."createdAt" AND o."redactedAt" IS NOT DISTINCT FROM n."redactedAt"
            AND o."deletedAt" IS NOT DISTINCT FROM n."deletedAt")
          AND "customer_read_listed"(n."shopId")
        UNION
        SELECT o."shopId", o."id" FROM old_rows o
        WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."id" = o."id" AND n."shopId" = o."shopId")
          AND "customer_read_listed"(o."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  ELSE
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "shopId" FROM old_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT o."shopId", o."id" FROM old_rows o
        WHERE EXISTS (SELECT 1 FROM "Shop" s WHERE s."id" = o."shopId") AND "customer_read_listed"(o."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "CustomerOrderSummary_read_list"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "shopId" FROM new_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT n."shopId", n."customerId" FROM new_rows n WHERE "customer_read_listed"(n."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT "shopId" FROM new_rows UNION SELECT "shopId" FROM old_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT n."shopId", n."customerId" FROM new_rows n WHERE "customer_read_listed"(n."shopId")
        UNION
        SELECT o."shopId", o."customerId" FROM old_rows o WHERE "customer_read_listed"(o."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  ELSE
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "shopId" FROM old_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT o."shopId", o."customerId" FROM old_rows o
        WHERE EXISTS (SELECT 1 FROM "Shop" s WHERE s."id" = o."shopId") AND "customer_read_listed"(o."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "CustomerScore_read_list"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "shopId" FROM new_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT n."shopId", n."customerId" FROM new_rows n WHERE "customer_read_listed"(n."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT "shopId" FROM new_rows UNION SELECT "shopId" FROM old_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT n."shopId", n."customerId" FROM new_rows n
        WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o."customerId" = n."customerId" AND o."shopId" = n."shopId"
            AND o."digest" IS NOT DISTINCT FROM n."digest")
          AND "customer_read_listed"(n."shopId")
        UNION
        SELECT o."shopId", o."customerId" FROM old_rows o
        WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."customerId" = o."customerId" AND n."shopId" = o."shopId")
          AND "customer_read_listed"(o."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  ELSE
    -- One lookup per shop in the statement: the recompute's own batches stop here.
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "shopId" FROM old_rows) d WHERE "customer_read_listed"(d."shopId")) THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId")
        SELECT DISTINCT o."shopId", o."customerId" FROM old_rows o
        WHERE EXISTS (SELECT 1 FROM "Shop" s WHERE s."id" = o."shopId") AND "customer_read_listed"(o."shopId")
        ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "Shop_read_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "CustomerReadChange" WHERE "shopId" = OLD."id";
  RETURN NULL;
END $$;

CREATE TRIGGER "Customer_read_insert" AFTER INSERT ON "Customer"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Customer_read_list"();
CREATE TRIGGER "Customer_read_update" AFTER UPDATE ON "Customer"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Customer_read_list"();
CREATE TRIGGER "Customer_read_delete" AFTER DELETE ON "Customer"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "Customer_read_list"();
CREATE TRIGGER "CustomerOrderSummary_read_insert" AFTER INSERT ON "CustomerOrderSummary"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "CustomerOrderSummary_read_list"();
CREATE TRIGGER "CustomerOrderSummary_read_update" AFTER UPDATE ON "CustomerOrderSummary"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "CustomerOrderSummary_read_list"();
CREATE TRIGGER "CustomerOrderSummary_read_delete" AFTER DELETE ON "CustomerOrderSummary"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "CustomerOrderSummary_read_list"();
CREATE TRIGGER "CustomerScore_read_insert" AFTER INSERT ON "CustomerScore"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "CustomerScore_read_list"();
CREATE TRIGGER "CustomerScore_read_update" AFTER UPDATE ON "CustomerScore"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "CustomerScore_read_list"();
CREATE TRIGGER "CustomerScore_read_delete" AFTER DELETE ON "CustomerScore"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "CustomerScore_read_list"();
CREATE TRIGGER "Shop_read_delete" AFTER DELETE ON "Shop" FOR EACH ROW EXECUTE FUNCTION "Shop_read_delete"();

-- The snapshot (~12 MB of float64 columns at 100,000 customers) is stored uncompressed: pglz
-- gains little on such data and would cost each write and read.
ALTER TABLE "CustomerReadSnapshot" ALTER COLUMN "data" SET STORAGE EXTERNAL;
ALTER TABLE "CustomerReadPatch" ALTER COLUMN "data" SET STORAGE EXTERNAL;
