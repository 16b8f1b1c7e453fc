-- CreateTable
CREATE TABLE "CustomerReadOwnWrite" (
    "shopId" TEXT NOT NULL,

    CONSTRAINT "CustomerReadOwnWrite_pkey" PRIMARY KEY ("shopId")
);

