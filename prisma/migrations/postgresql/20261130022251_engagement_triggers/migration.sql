-- AlterTable
ALTER TABLE "EngagementCampaign" ADD COLUMN     "discountCode" TEXT;

