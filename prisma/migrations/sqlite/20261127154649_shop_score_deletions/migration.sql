-- Shop.scoreDeletions (decision 073): bumped when score rows are deleted, so the value sort's
-- order counts the shop's rows only then. Written by hand as an ADD COLUMN: the generated
-- migration redefined the Shop table, and dropping it would drop the triggers on it
-- ("Shop_read_delete", migration customer_read_snapshot).
ALTER TABLE "Shop" ADD COLUMN "scoreDeletions" INTEGER NOT NULL DEFAULT 0;
