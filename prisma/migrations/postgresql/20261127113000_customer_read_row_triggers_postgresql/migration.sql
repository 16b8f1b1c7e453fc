-- The read snapshot's change list on PostgreSQL from row-level triggers (docs/decisions/
-- 067-customer-order-summary.md, thirteenth pass), in place of 20261127074500's statement-level
-- triggers over transition tables. Those made every statement on the three tables keep a copy of
-- each old and new row for the trigger, whether or not it listed anything: a single-row update
-- cost 0.43 ms instead of 0.07 ms, and the nightly recompute's update of 7,000 score rows spent
-- ~100 ms in its trigger after keeping them. A row-level trigger's WHEN is tested per row without
-- calling the function: an update is listed only when the columns the read takes changed, and the
-- recompute's own writes (which it puts in the snapshot's patch) are skipped by the setting
-- `customers.own_write`, which it sets to its shop's id for the transaction while it writes them
-- (on SQLite the CustomerReadOwnWrite row does this). The trigger names stay those the app checks.

DROP TRIGGER "Customer_read_insert" ON "Customer";
DROP TRIGGER "Customer_read_update" ON "Customer";
DROP TRIGGER "Customer_read_delete" ON "Customer";
DROP TRIGGER "CustomerOrderSummary_read_insert" ON "CustomerOrderSummary";
DROP TRIGGER "CustomerOrderSummary_read_update" ON "CustomerOrderSummary";
DROP TRIGGER "CustomerOrderSummary_read_delete" ON "CustomerOrderSummary";
DROP TRIGGER "CustomerScore_read_insert" ON "CustomerScore";
DROP TRIGGER "CustomerScore_read_update" ON "CustomerScore";
DROP TRIGGER "CustomerScore_read_delete" ON "CustomerScore";
DROP FUNCTION "Customer_read_list"();
DROP FUNCTION "CustomerOrderSummary_read_list"();
DROP FUNCTION "CustomerScore_read_list"();

-- Whether the shop's changes are listed: it has a snapshot.
CREATE OR REPLACE FUNCTION "customer_read_listed"("shop" TEXT) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "CustomerReadSnapshot" WHERE "shopId" = "shop")
$$;

-- Lists a row's customer (TG_ARGV[0]: the column holding the customer's id, "id" or "customerId"):
-- the new row's, and the old row's when it is gone from there (a delete, or an update that moved
-- it). A shop's rows deleted with the shop are not listed (the shop is gone when they are).
CREATE FUNCTION "customer_read_list_row"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  new_id TEXT;
  old_id TEXT;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    -- Each branch is planned when first run, for the table the trigger is on: the other
    -- table's column is never looked up.
    IF TG_ARGV[0] = 'id' THEN new_id := NEW."id"; ELSE new_id := NEW."customerId"; END IF;
    IF "customer_read_listed"(NEW."shopId") THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId") VALUES (NEW."shopId", new_id) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF TG_ARGV[0] = 'id' THEN old_id := OLD."id"; ELSE old_id := OLD."customerId"; END IF;
    IF (TG_OP = 'DELETE' OR (OLD."shopId", old_id) IS DISTINCT FROM (NEW."shopId", new_id))
      AND "customer_read_listed"(OLD."shopId") AND EXISTS (SELECT 1 FROM "Shop" s WHERE s."id" = OLD."shopId") THEN
      INSERT INTO "CustomerReadChange" ("shopId", "customerId") VALUES (OLD."shopId", old_id) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Customer_read_insert" AFTER INSERT ON "Customer"
  FOR EACH ROW EXECUTE FUNCTION "customer_read_list_row"('id');
CREATE TRIGGER "Customer_read_update" AFTER UPDATE ON "Customer" FOR EACH ROW
  WHEN ((OLD."id", OLD."shopId", OLD."createdAt", OLD."redactedAt", OLD."deletedAt")
    IS DISTINCT FROM (NEW."id", NEW."shopId", NEW."createdAt", NEW."redactedAt", NEW."deletedAt"))
  EXECUTE FUNCTION "customer_read_list_row"('id');
CREATE TRIGGER "Customer_read_delete" AFTER DELETE ON "Customer"
  FOR EACH ROW EXECUTE FUNCTION "customer_read_list_row"('id');

CREATE TRIGGER "CustomerOrderSummary_read_insert" AFTER INSERT ON "CustomerOrderSummary" FOR EACH ROW
  WHEN (current_setting('customers.own_write', true) IS DISTINCT FROM NEW."shopId")
  EXECUTE FUNCTION "customer_read_list_row"('customerId');
CREATE TRIGGER "CustomerOrderSummary_read_update" AFTER UPDATE ON "CustomerOrderSummary" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.* AND current_setting('customers.own_write', true) IS DISTINCT FROM NEW."shopId")
  EXECUTE FUNCTION "customer_read_list_row"('customerId');
CREATE TRIGGER "CustomerOrderSummary_read_delete" AFTER DELETE ON "CustomerOrderSummary" FOR EACH ROW
  WHEN (current_setting('customers.own_write', true) IS DISTINCT FROM OLD."shopId")
  EXECUTE FUNCTION "customer_read_list_row"('customerId');

CREATE TRIGGER "CustomerScore_read_insert" AFTER INSERT ON "CustomerScore" FOR EACH ROW
  WHEN (current_setting('customers.own_write', true) IS DISTINCT FROM NEW."shopId")
  EXECUTE FUNCTION "customer_read_list_row"('customerId');
CREATE TRIGGER "CustomerScore_read_update" AFTER UPDATE ON "CustomerScore" FOR EACH ROW
  WHEN ((OLD."shopId", OLD."customerId", OLD."digest") IS DISTINCT FROM (NEW."shopId", NEW."customerId", NEW."digest")
    AND current_setting('customers.own_write', true) IS DISTINCT FROM NEW."shopId")
  EXECUTE FUNCTION "customer_read_list_row"('customerId');
CREATE TRIGGER "CustomerScore_read_delete" AFTER DELETE ON "CustomerScore" FOR EACH ROW
  WHEN (current_setting('customers.own_write', true) IS DISTINCT FROM OLD."shopId")
  EXECUTE FUNCTION "customer_read_list_row"('customerId');
