// The one discountCodeBasicCreate document (write_discounts) the features that make codes in
// Shopify share: engagement's per-recipient codes, digital assets' holder perks and loyalty's
// rewards each build their own input and read the same payload.
import type { AdminOperations } from "~/graphql/admin.generated";

export const DISCOUNT_CODE_BASIC_CREATE = `#graphql
  mutation StoreSyncDiscountCodeBasicCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
      codeDiscountNode {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Its variables and answer, as generated from the document. */
export type DiscountCodeBasicCreate = AdminOperations[typeof DISCOUNT_CODE_BASIC_CREATE];
