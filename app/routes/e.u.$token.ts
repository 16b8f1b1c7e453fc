// /e/u/{token}?expires&signature: unsubscribe from a shop's marketing e-mail. GET shows a
// confirmation button; POST (the button, or a mail client's List-Unsubscribe one-click POST,
// RFC 8058) unsubscribes: locally at once, and in Shopify through
// customerEmailMarketingConsentUpdate, whose userErrors are shown.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { withPublicSecurityHeaders } from "~/lib/security-headers";
import { unsubscribe, unsubscribeTarget } from "~/features/engagement/index.server";
import { escapeHtml } from "~/features/engagement";
import { shopify } from "~/shopify.server";

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: withPublicSecurityHeaders(
      { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      env.nodeEnv === "production",
    ),
  });
}

const invalid = () => page("Link not valid", "<p>This unsubscribe link is not valid or has expired.</p>", 404);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = await unsubscribeTarget(params.token ?? "", new URL(request.url).searchParams);
  if (!target) return invalid();
  return page(
    "Unsubscribe",
    `<p>Stop marketing e-mails from ${escapeHtml(target.shop.name)}?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await unsubscribe(params.token ?? "", new URL(request.url).searchParams, async (domain) => {
    const { admin } = await shopify().unauthenticated.admin(domain);
    return admin.graphql;
  });
  if (!result.ok) return invalid();
  const note =
    typeof result.shopify === "object"
      ? `<p>Shopify did not record the change yet: ${result.shopify.errors.map(escapeHtml).join("; ")}. ${escapeHtml(result.shopName)} will not e-mail you marketing from this app.</p>`
      : "";
  return page(
    "You are unsubscribed",
    `<p>You will no longer receive marketing e-mails from ${escapeHtml(result.shopName)}.</p>${note}`,
  );
}
