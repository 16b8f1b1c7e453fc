-- CreateTable
CREATE TABLE "CustomerReadPatch" (
    "shopId" TEXT NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL,
    "customers" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "ids" TEXT NOT NULL,

    CONSTRAINT "CustomerReadPatch_pkey" PRIMARY KEY ("shopId")
);

-- AddForeignKey
ALTER TABLE "CustomerReadPatch" ADD CONSTRAINT "CustomerReadPatch_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

