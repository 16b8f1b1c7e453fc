export { ensureProgram, postOrder, postShopifyOrder, refreshMember } from "./ledger.server";
