// The personal data the app stores about a shop's customers, written once: a redaction
// (customers/redact, shop/redact) and a customer deleted or redacted in Shopify both
// clear exactly these fields. Add a column here when the schema gains one.
export const CUSTOMER_PERSONAL_DATA_CLEARED = {
  email: null,
  firstName: null,
  lastName: null,
  phone: null,
  city: null,
  address1: null,
  zip: null,
  region: null,
  // Inferred from the address (or Shopify's for it): where the person lives, within a zone.
  timeZone: null,
  acceptsMarketing: false,
  smsMarketing: false,
  // The wallet proved by Sign-In with Ethereum: a pseudonymous identifier of the person.
  walletAddress: null,
  walletChainId: null,
  walletLinkedAt: null,
} as const;

/** An order keeps its figures; only what identifies the buyer goes. */
export const ORDER_PERSONAL_DATA_CLEARED = { email: null, region: null } as const;
