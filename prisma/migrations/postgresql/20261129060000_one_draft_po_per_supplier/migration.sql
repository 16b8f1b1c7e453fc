-- Written by hand (Prisma's schema cannot say a partial index): a supplier has at most one
-- draft purchase order per currency, so two Reorders racing on PostgreSQL cannot make two.
-- Drafts already duplicated are folded first: their lines move to the supplier's earliest
-- draft, and the emptied drafts are cancelled with a note.
UPDATE "PurchaseOrderLine" SET "purchaseOrderId" = (
  SELECT k."id" FROM "PurchaseOrder" k, "PurchaseOrder" d
  WHERE d."id" = "PurchaseOrderLine"."purchaseOrderId"
    AND k."shopId" = d."shopId" AND k."supplierId" = d."supplierId" AND k."currency" = d."currency"
    AND k."status" = 'draft'
  ORDER BY k."number" LIMIT 1
)
WHERE "purchaseOrderId" IN (
  SELECT d."id" FROM "PurchaseOrder" d
  WHERE d."status" = 'draft' AND EXISTS (
    SELECT 1 FROM "PurchaseOrder" e
    WHERE e."shopId" = d."shopId" AND e."supplierId" = d."supplierId" AND e."currency" = d."currency"
      AND e."status" = 'draft' AND e."number" < d."number"
  )
);

UPDATE "PurchaseOrder" SET "status" = 'cancelled', "note" = 'Merged into this supplier''s earlier draft (one draft per supplier).'
WHERE "status" = 'draft' AND EXISTS (
  SELECT 1 FROM "PurchaseOrder" e
  WHERE e."shopId" = "PurchaseOrder"."shopId" AND e."supplierId" = "PurchaseOrder"."supplierId"
    AND e."currency" = "PurchaseOrder"."currency" AND e."status" = 'draft' AND e."number" < "PurchaseOrder"."number"
);

CREATE UNIQUE INDEX "PurchaseOrder_one_draft_per_supplier" ON "PurchaseOrder"("shopId", "supplierId", "currency") WHERE "status" = 'draft';
