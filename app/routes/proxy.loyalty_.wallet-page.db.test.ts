// The storefront wallet page (decision 109): the route's Liquid answer for a visitor, a customer with
// no wallet and one with a wallet; then the page's own script run in jsdom against the real route,
// every request signed as Shopify's app proxy signs it, with an EIP-1193 provider backed by a real viem
// account: connect (accounts, chain, challenge, personal_sign, link), unlink, and the messages for no
// wallet, a declined signature and the server's refusal. (A Playwright test would need a second,
// Shopify-configured server and a proxy in front of it; jsdom runs the same script against the same route.)
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JSDOM } from "jsdom";
import { API_SECRET_KEY, RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";
import { privateKeyToAccount } from "viem/accounts";
import { hexToString, type Hex } from "viem";
import "~/jobs.server";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { action, loader } from "~/routes/proxy.loyalty_.wallet";

const DOMAIN = "wallet-page.myshopify.com";
const APP = "https://my-test-app.myshopify.io";
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
let shopId: string;
let aliceId: string;

/** What Shopify's app proxy does: the storefront path to the app's, the query signed with the app's secret. */
async function throughProxy(customer: string, init: { method?: string; body?: string; accept: string }) {
  const request = await setUpValidRequest(
    { type: RequestType.Public, store: DOMAIN.replace(".myshopify.com", ""), apiSecretKey: API_SECRET_KEY },
    new Request(`${APP}/proxy/loyalty/wallet?logged_in_customer_id=${customer}`, {
      method: init.method ?? "GET",
      body: init.body,
      headers: {
        accept: init.accept,
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    }),
  );
  const handler = request.method === "GET" ? loader : action;
  return (await handler({ request, params: {}, context: {} })) as Response;
}

const page = async (customer: string) => {
  const res = await throughProxy(customer, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
  return { res, html: await res.text() };
};

type Provider = { request: (args: { method: string; params?: unknown[] }) => Promise<unknown> };

/** The page in a browser window whose fetch goes through the proxy as `customer`. */
async function openPage(customer: string, provider?: Provider) {
  const { html } = await page(customer);
  const dom = new JSDOM(`<!doctype html><html><body>${html}</body></html>`, {
    url: `https://${DOMAIN}/apps/loyalty/wallet`,
    runScripts: "outside-only",
  });
  const win = dom.window as unknown as Window & { ethereum?: Provider; eval: (code: string) => void };
  win.fetch = (async (url: string, init: RequestInit) => {
    expect(url).toBe("/apps/loyalty/wallet");
    return throughProxy(customer, { method: init.method, body: String(init.body), accept: "application/json" });
  }) as typeof fetch;
  if (provider) win.ethereum = provider;
  // The page's inline script, run as the browser would once the document is parsed.
  for (const script of dom.window.document.querySelectorAll("script")) win.eval(script.textContent ?? "");
  const $ = (selector: string) => dom.window.document.querySelector(selector) as HTMLElement;
  const status = () => $("[data-wallet-status]").textContent;
  return { $, status, click: (action: string) => $(`[data-wallet-action=${action}]`).click() };
}

/** An EIP-1193 provider backed by a viem account, as a browser wallet would answer. */
function walletOf(account: typeof alice, { declineSignature = false } = {}): Provider {
  return {
    async request({ method, params }) {
      if (method === "eth_requestAccounts") return [account.address];
      if (method === "eth_chainId") return "0x1";
      if (method === "personal_sign") {
        const [data, address] = params as [Hex, string];
        expect(address).toBe(account.address);
        if (declineSignature) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        return account.signMessage({ message: hexToString(data) });
      }
      throw Object.assign(new Error("Unsupported"), { code: 4200 });
    },
  };
}
const storedWallet = async (id: string) =>
  (await prisma.customer.findUniqueOrThrow({ where: { id }, select: { walletAddress: true } })).walletAddress;

beforeAll(async () => {
  // A shop name that tries both HTML and Liquid: it must arrive as text.
  shopId = (await createShop({ domain: DOMAIN, name: `Bo's <b>Shop</b> {{ customer.email }}` })).id;
  await prisma.shop.update({ where: { id: shopId }, data: { timezone: "Pacific/Auckland" } });
  aliceId = (await prisma.customer.create({ data: { shopId, shopifyId: "gid://shopify/Customer/801" } })).id;
  await prisma.customer.create({ data: { shopId, shopifyId: "gid://shopify/Customer/802" } });
});

afterEach(async () => {
  await prisma.customer.updateMany({
    where: { shopId },
    data: { walletAddress: null, walletChainId: null, walletLinkedAt: null },
  });
});

describe("the storefront wallet page", () => {
  it("asks a visitor who is not signed in to sign in", async () => {
    const { res, html } = await page("");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/liquid");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain('href="/account/login"');
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/\{\{|\{%/);
    expect(html).toContain("Bo&#39;s &lt;b&gt;Shop&lt;/b&gt; &#123;&#123; customer.email &#125;&#125;");
  });

  it("is the answer to a GET that names no type (in case the proxy drops Accept); JSON only when asked for alone", async () => {
    const bare = await throughProxy("", { accept: "" });
    expect(bare.headers.get("content-type")).toBe("application/liquid");
    const json = await throughProxy("", { accept: "application/json" });
    expect(json.status).toBe(401);
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("shows the linked wallet, shortened, with its chain and the day it was linked in the shop's zone", async () => {
    await prisma.customer.update({
      where: { id: aliceId },
      data: {
        walletAddress: alice.address.toLowerCase(),
        walletChainId: 137,
        walletLinkedAt: new Date("2026-11-28T20:00:00Z"),
      },
    });
    const { html } = await page("801");
    expect(html).not.toMatch(/\{\{|\{%/);
    const doc = new JSDOM(html).window.document;
    expect(doc.querySelector("[data-wallet-address]")?.textContent).toBe(
      `${alice.address.toLowerCase().slice(0, 6)}…${alice.address.toLowerCase().slice(-4)}`,
    );
    expect(doc.querySelector("[data-wallet-chain]")?.textContent).toBe("Polygon");
    // 20:00 UTC on the 28th is the 29th in Auckland.
    expect(doc.querySelector("[data-wallet-date]")?.textContent).toBe("Nov 29, 2026");
    expect(doc.querySelector<HTMLElement>("[data-wallet-connect]")?.hidden).toBe(true);
    // The JSON answer is unchanged for everything that does not ask for a page.
    const res = await throughProxy("801", { accept: "application/json" });
    expect(await res.json()).toMatchObject({ wallet: alice.address.toLowerCase(), chainId: 137 });
  });

  it("links a wallet with a real signature through the page's script, then unlinks it", async () => {
    const ui = await openPage("801", walletOf(alice));
    expect(ui.$("[data-wallet-linked]").hidden).toBe(true);
    ui.click("connect");
    await vi.waitFor(() => expect(ui.status()).toBe("Wallet linked."), { timeout: 5_000 });
    expect(await storedWallet(aliceId)).toBe(alice.address.toLowerCase());
    expect(ui.$("[data-wallet-linked]").hidden).toBe(false);
    expect(ui.$("[data-wallet-address]").getAttribute("title")).toBe(alice.address.toLowerCase());
    expect(ui.$("[data-wallet-chain]").textContent).toBe("Ethereum");

    ui.click("unlink");
    await vi.waitFor(() => expect(ui.status()).toBe("Wallet unlinked."), { timeout: 5_000 });
    expect(await storedWallet(aliceId)).toBeNull();
    expect(ui.$("[data-wallet-connect]").hidden).toBe(false);
  });

  it("says so when there is no wallet, the signature is declined or the server refuses", async () => {
    const bare = await openPage("801");
    bare.click("connect");
    expect(bare.status()).toMatch(/^No wallet was found in this browser/);

    const declining = await openPage("801", walletOf(alice, { declineSignature: true }));
    declining.click("connect");
    await vi.waitFor(
      () => expect(declining.status()).toBe("You declined the request in your wallet. Nothing was linked."),
      { timeout: 5_000 },
    );
    expect(await storedWallet(aliceId)).toBeNull();

    // The wallet is already another customer's: the server's 409 is shown as it says it.
    await prisma.customer.update({ where: { id: aliceId }, data: { walletAddress: alice.address.toLowerCase() } });
    const other = await openPage("802", walletOf(alice));
    other.click("connect");
    await vi.waitFor(() => expect(other.status()).toBe("This wallet is linked to another account of this store"), {
      timeout: 5_000,
    });
    expect(other.$("[data-wallet-status]").getAttribute("data-kind")).toBe("error");
  });

  it("contains no Liquid of its own", async () => {
    const { html } = await page("802");
    expect(html).toContain("<script>");
    expect(html).not.toMatch(/\{\{|\{%/);
  });
});
