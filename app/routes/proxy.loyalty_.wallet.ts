// /proxy/loyalty/wallet (the storefront's /apps/loyalty/wallet through Shopify's app proxy): the logged-in
// customer links a wallet with Sign-In with Ethereum (docs/decisions/105-wallets-and-holder-checks.md).
// GET answers the page, as application/liquid so that Shopify wraps it in the shop's theme (decision
// 109), unless it asks for JSON only (Accept: application/json, no text/html): then the linked wallet.
// POST `challenge` issues the message to sign, `link`
// checks the signed message and stores the wallet, `unlink` removes it. Shopify's signature over
// the query (checked by authenticate.public.appProxy) carries logged_in_customer_id, so nobody can
// act for another customer; unsigned requests are refused before anything is read.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/platform/http.server";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { walletActionSchema } from "~/features/digital-assets";
import {
  WalletError,
  linkWallet,
  unlinkWallet,
  walletChallenge,
  walletCustomer,
  walletPage,
} from "~/features/digital-assets/index.server";
import { getShopByDomain } from "~/features/shop/index.server";
import { isShopifyConfigured, shopify } from "~/shopify.server";

const MAX_BODY = 32 * 1024;
const NO_STORE = { "Cache-Control": "private, no-store" };

const NOT_FOUND = () => json({ error: "Not found" }, { status: 404 });

/** Shopify's signature checked; the shop and, when one is signed in, the storefront customer. */
async function signedRequest(request: Request) {
  await shopify().authenticate.public.appProxy(request);
  const url = new URL(request.url);
  const shop = await getShopByDomain(url.searchParams.get("shop") ?? "");
  if (!shop || shop.uninstalledAt) return null;
  const id = url.searchParams.get("logged_in_customer_id") ?? "";
  const customer = /^\d{1,20}$/.test(id) ? await walletCustomer(shop.id, id) : null;
  return { shop, customer };
}

// The page unless JSON alone is asked for: the app proxy is not documented to forward `Accept`.
const wantsJson = (request: Request) => {
  const accept = request.headers.get("accept") ?? "";
  return /\bapplication\/json\b/.test(accept) && !/\btext\/html\b/.test(accept);
};

export async function loader({ request }: LoaderFunctionArgs) {
  // The demo has no storefront, so no proxy either.
  if (!isShopifyConfigured()) return NOT_FOUND();
  const signed = await signedRequest(request);
  if (!signed) return NOT_FOUND();
  const { shop, customer } = signed;
  if (!wantsJson(request)) {
    const page = walletPage(
      customer
        ? {
            signedIn: true,
            shopName: shop.name,
            timeZone: shop.timezone,
            wallet:
              customer.walletAddress && customer.walletChainId && customer.walletLinkedAt
                ? {
                    address: customer.walletAddress,
                    chainId: customer.walletChainId,
                    linkedAt: customer.walletLinkedAt,
                  }
                : null,
          }
        : { signedIn: false, shopName: shop.name },
    );
    // Not the library's liquid() helper: it rewrites relative links (/account/login → /account/login/).
    return new Response(page, { headers: { "Content-Type": "application/liquid", ...NO_STORE } });
  }
  if (!customer) return json({ error: "Sign in to your account first" }, { status: 401, headers: NO_STORE });
  const { walletAddress, walletChainId, walletLinkedAt } = customer;
  return json({ wallet: walletAddress, chainId: walletChainId, linkedAt: walletLinkedAt }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY)
    return json({ error: "The request is too large" }, { status: 413 });
  if (!isShopifyConfigured()) return NOT_FOUND();
  const signed = await signedRequest(request);
  if (!signed) return NOT_FOUND();
  const { shop, customer } = signed;
  if (!customer) return json({ error: "Sign in to your account first" }, { status: 401, headers: NO_STORE });
  const read = await readForm(request);
  if (!read.ok) return json({ error: "Check the fields", fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = walletActionSchema.safeParse(read.values);
  if (!parsed.success)
    return json({ error: "Check the fields", fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const a = parsed.data;
  try {
    if (a.intent === "challenge") return json(await walletChallenge(shop, customer.id, a), { headers: NO_STORE });
    if (a.intent === "link") return json(await linkWallet(shop, customer.id, a), { headers: NO_STORE });
    await unlinkWallet(shop.id, customer.id);
    return json({ wallet: null }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof WalletError)
      return json({ error: error.message, fieldErrors: { [error.field]: [error.message] } }, { status: error.status });
    throw error;
  }
}
