// Add Customer: refused for an e-mail the shop already has; in a connected store created in
// Shopify first (customerCreate, write_customers) and stored from Shopify's answer, in the
// demo stored locally. Either way scored at once and audited.
import { lockShopRow, prisma } from "~/db.server";
import type { AdminGraphql } from "~/features/store-sync/index.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { FieldError, userErrorFields } from "~/lib/forms";
import type { CustomersCreateMutation } from "~/graphql/admin.generated";
import type { AddCustomerInput } from "./customer-schema";
import { rescoreCustomer } from "./rescore.server";
import { searchKey } from "./score-row";

export const CUSTOMER_CREATE = `#graphql
  mutation CustomersCreate($input: CustomerInput!) {
    customerCreate(input: $input) {
      customer {
        id
        firstName
        lastName
        updatedAt
        defaultEmailAddress { emailAddress marketingState }
        defaultPhoneNumber { phoneNumber }
      }
      userErrors { field message }
    }
  }
`;

type CreateShop = { id: string; timezone: string; isDemo: boolean };

/** Shopify's field names (["input", "email"]) onto the form's. */
const FIELDS = { firstName: "firstName", lastName: "lastName", email: "email", phone: "phone" };

/** True when the shop already has a customer with this e-mail (compared in lower case). */
export async function emailTaken(shopId: string, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const found = await prisma.customer.findFirst({
    where: { shopId, deletedAt: null, redactedAt: null, email: { in: [...new Set([email, lower])] } },
    select: { id: true },
  });
  if (found) return true;
  // E-mails stored with capitals (older imports) are found through the lower-cased search text.
  const scored = await prisma.customerScore.findFirst({
    where: { shopId, searchText: { endsWith: ` ${searchKey(lower)}` } },
    select: { customerId: true },
  });
  return !!scored;
}

export async function addCustomer(
  actor: Actor & { shop: CreateShop },
  input: AddCustomerInput,
  graphql: AdminGraphql,
): Promise<{ id: string }> {
  const { shop } = actor;
  if (await emailTaken(shop.id, input.email))
    throw new FieldError({ email: ["A customer with this e-mail already exists"] });
  let shopifyId: string | null = null;
  let shopifyUpdatedAt: Date | null = null;
  if (!shop.isDemo) {
    const response = await graphql(CUSTOMER_CREATE, {
      variables: {
        input: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          emailMarketingConsent: {
            marketingState: input.acceptsMarketing ? "SUBSCRIBED" : "NOT_SUBSCRIBED",
            marketingOptInLevel: "SINGLE_OPT_IN",
          },
        },
      },
    });
    const body = (await response.json()) as { data?: CustomersCreateMutation | null };
    const result = body.data?.customerCreate;
    if (result?.userErrors.length) throw new FieldError(userErrorFields(result.userErrors, FIELDS));
    if (!result?.customer) throw new FieldError({ _form: ["Shopify did not create the customer. Try again."] });
    shopifyId = result.customer.id;
    shopifyUpdatedAt = new Date(result.customer.updatedAt);
  }
  const customer = await prisma.$transaction(
    async (tx) => {
      // On PostgreSQL a customer committed while a recompute runs would otherwise lose their
      // score row to its clean-up of rows of customers it did not read.
      await lockShopRow(tx, shop.id);
      const created = await tx.customer.create({
        data: {
          shopId: shop.id,
          shopifyId,
          shopifyUpdatedAt,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          acceptsMarketing: input.acceptsMarketing,
        },
        select: { id: true },
      });
      await rescoreCustomer(tx, shop, created.id);
      // The audit keeps what was done, not the person's details.
      await recordAudit(
        actor,
        "create",
        "customer",
        created.id,
        null,
        { shopifyId, acceptsMarketing: input.acceptsMarketing },
        tx,
      );
      return created;
    },
    // Long enough to wait out a whole-shop recompute holding that lock: in a connected store the
    // customer already exists in Shopify, so giving up here would leave them only there.
    { timeout: 30_000 },
  );
  return customer;
}
