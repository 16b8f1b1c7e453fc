-- CreateTable
CREATE TABLE "RequestSample" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "serverMs" DOUBLE PRECISION NOT NULL,
    "dbMs" DOUBLE PRECISION NOT NULL,
    "dbQueries" INTEGER NOT NULL,
    "staffKey" TEXT,

    CONSTRAINT "RequestSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VitalSample" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "metric" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "VitalSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PerformanceDay" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "requests" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,
    "serverMsSum" DOUBLE PRECISION NOT NULL,
    "serverMedianMs" DOUBLE PRECISION,
    "serverP95Ms" DOUBLE PRECISION,
    "dbMsSum" DOUBLE PRECISION NOT NULL,
    "sessions" INTEGER NOT NULL,
    "lcpP75" DOUBLE PRECISION,
    "inpP75" DOUBLE PRECISION,
    "clsP75" DOUBLE PRECISION,
    "histograms" TEXT NOT NULL,

    CONSTRAINT "PerformanceDay_pkey" PRIMARY KEY ("shopId","day")
);

-- CreateIndex
CREATE INDEX "RequestSample_shopId_at_idx" ON "RequestSample"("shopId", "at");

-- CreateIndex
CREATE INDEX "VitalSample_shopId_at_idx" ON "VitalSample"("shopId", "at");

-- AddForeignKey
ALTER TABLE "RequestSample" ADD CONSTRAINT "RequestSample_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VitalSample" ADD CONSTRAINT "VitalSample_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PerformanceDay" ADD CONSTRAINT "PerformanceDay_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

