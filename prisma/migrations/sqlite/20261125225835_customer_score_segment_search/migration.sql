-- CreateIndex
CREATE INDEX "CustomerScore_shopId_segment_searchText_idx" ON "CustomerScore"("shopId", "segment", "searchText");

