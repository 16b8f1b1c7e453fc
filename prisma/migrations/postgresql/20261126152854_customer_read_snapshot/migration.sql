-- CreateTable
CREATE TABLE "CustomerReadSnapshot" (
    "shopId" TEXT NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL,
    "customers" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "ids" TEXT NOT NULL,

    CONSTRAINT "CustomerReadSnapshot_pkey" PRIMARY KEY ("shopId")
);

-- CreateTable
CREATE TABLE "CustomerReadChange" (
    "shopId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,

    CONSTRAINT "CustomerReadChange_pkey" PRIMARY KEY ("shopId","customerId")
);

-- AddForeignKey
ALTER TABLE "CustomerReadSnapshot" ADD CONSTRAINT "CustomerReadSnapshot_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

