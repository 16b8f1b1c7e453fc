// GET and POST /api/v1/stores/{storeId}/loyalty/campaigns (docs/product/public-api.md): list and create, authenticated by API key.
import { createLoyaltyCampaignV1, ENDPOINTS, loyaltyCampaignsV1, v1Api } from "~/features/public-api/index.server";

export const loader = v1Api(ENDPOINTS.loyaltyCampaigns, loyaltyCampaignsV1);
export const action = v1Api(ENDPOINTS.createLoyaltyCampaign, createLoyaltyCampaignV1);
