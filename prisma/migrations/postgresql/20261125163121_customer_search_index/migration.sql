-- CreateIndex
CREATE INDEX "CustomerScore_shopId_searchText_idx" ON "CustomerScore"("shopId", "searchText");

