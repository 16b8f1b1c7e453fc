-- CreateTable
CREATE TABLE "Insight" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "facts" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "band" TEXT NOT NULL,
    "potentialValueMinor" INTEGER,
    "valueFormula" TEXT,
    "evidence" TEXT NOT NULL,
    "link" TEXT,
    "action" TEXT,
    "score" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'new',
    "dismissReason" TEXT,
    "snoozedUntil" TEXT,
    "feedback" TEXT,
    "figure" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "statusFigure" DOUBLE PRECISION,
    "current" BOOLEAN NOT NULL DEFAULT true,
    "runId" TEXT,
    "firstSeenAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "statusChangedAt" TIMESTAMP(3),

    CONSTRAINT "Insight_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InsightRun" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "openKey" TEXT,
    "queuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "found" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "closed" INTEGER NOT NULL DEFAULT 0,
    "failedDetectors" TEXT,
    "error" TEXT,

    CONSTRAINT "InsightRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Insight_shopId_current_score_idx" ON "Insight"("shopId", "current", "score");

-- CreateIndex
CREATE UNIQUE INDEX "Insight_shopId_kind_subjectType_subjectId_key" ON "Insight"("shopId", "kind", "subjectType", "subjectId");

-- CreateIndex
CREATE UNIQUE INDEX "InsightRun_openKey_key" ON "InsightRun"("openKey");

-- CreateIndex
CREATE INDEX "InsightRun_shopId_queuedAt_idx" ON "InsightRun"("shopId", "queuedAt");

-- AddForeignKey
ALTER TABLE "Insight" ADD CONSTRAINT "Insight_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InsightRun" ADD CONSTRAINT "InsightRun_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

