// The storefront wallet page (/apps/loyalty/wallet, docs/decisions/109-storefront-wallet-page.md):
// markup that Shopify renders as Liquid inside the shop's theme. Every value from the database is
// escaped for HTML and its braces written as character references, so no value can become a Liquid
// tag or output (Shopify's "app proxy Liquid injection" check); the page carries no Liquid of its own.
import { formatInstant } from "~/lib/dates";
import { NETWORKS, NETWORK_IDS } from "./schema";
import { WALLET_SCRIPT } from "./wallet-script";

export const WALLET_PATH = "/apps/loyalty/wallet";
const LOGIN_PATH = "/account/login";

export type WalletPageView =
  | { signedIn: false; shopName: string }
  | {
      signedIn: true;
      shopName: string;
      timeZone: string;
      wallet: { address: string; chainId: number; linkedAt: Date } | null;
    };

/** HTML-escaped, with Liquid's braces neutralised. */
export function escapeLiquidHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\{/g, "&#123;")
    .replace(/\}/g, "&#125;");
}

const e = escapeLiquidHtml;
const shorten = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const CHAINS = NETWORK_IDS.map((n) => ({ id: NETWORKS[n].chainId, label: NETWORKS[n].label }));
const chainLabel = (id: number) => CHAINS.find((c) => c.id === id)?.label ?? `Chain ${id}`;

// Light styles scoped to the page's root; fonts and colours come from the theme.
const STYLE = `#pp-wallet{max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
#pp-wallet h1{margin:0 0 .5rem}
#pp-wallet dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
#pp-wallet dt{font-weight:600}
#pp-wallet dd{margin:0;overflow-wrap:anywhere}
#pp-wallet code{font-size:1em}
#pp-wallet .pp-wallet-button{display:inline-flex;align-items:center;box-sizing:border-box;min-height:44px;padding:.6rem 1.4rem;font:inherit;cursor:pointer;border:1px solid currentColor;border-radius:4px;background:transparent;color:inherit;text-decoration:none}
#pp-wallet .pp-wallet-button[disabled]{opacity:.6;cursor:progress}
#pp-wallet .pp-wallet-note{opacity:.8;font-size:.9em}
#pp-wallet [data-wallet-status]{min-height:1.5em;margin-top:1rem}
#pp-wallet [data-kind=error]{color:#b42318}
#pp-wallet [data-kind=success]{color:#067647}`;

function signedInBody(view: Extract<WalletPageView, { signedIn: true }>): string {
  const w = view.wallet;
  return `<div data-wallet-linked${w ? "" : " hidden"}>
<p>This wallet is linked to your ${e(view.shopName)} account.</p>
<dl>
<dt>Wallet</dt><dd><code data-wallet-address title="${e(w?.address ?? "")}">${e(w ? shorten(w.address) : "")}</code></dd>
<dt>Network</dt><dd data-wallet-chain>${e(w ? chainLabel(w.chainId) : "")}</dd>
<dt>Linked</dt><dd data-wallet-date>${e(w ? formatInstant(w.linkedAt, view.timeZone, "date") : "")}</dd>
</dl>
<button type="button" class="pp-wallet-button" data-wallet-action="unlink">Unlink wallet</button>
</div>
<div data-wallet-connect${w ? " hidden" : ""}>
<p>Link your wallet to your ${e(view.shopName)} account so that collectibles and tokens you hold can earn you perks.</p>
<button type="button" class="pp-wallet-button" data-wallet-action="connect">Connect wallet</button>
<p class="pp-wallet-note">Your wallet is asked to sign a message that proves it is yours. Signing moves no funds and grants no approval.</p>
</div>
<p data-wallet-status role="status" aria-live="polite"></p>`;
}

/** The page's markup: the linked wallet or a Connect button for a signed-in customer, else a sign-in prompt. */
export function walletPage(view: WalletPageView): string {
  const body = view.signedIn
    ? signedInBody(view)
    : `<p>Sign in to your ${e(view.shopName)} account to link a wallet.</p>
<p><a class="pp-wallet-button" href="${LOGIN_PATH}">Sign in</a></p>`;
  const settings = view.signedIn
    ? ` data-endpoint="${WALLET_PATH}" data-time-zone="${e(view.timeZone)}" data-chains="${e(JSON.stringify(CHAINS))}"`
    : "";
  const script = view.signedIn ? `\n<script>${WALLET_SCRIPT}</script>` : "";
  return `<style>${STYLE}</style>
<section id="pp-wallet"${settings}>
<h1>Your wallet</h1>
${body}
</section>${script}`;
}
