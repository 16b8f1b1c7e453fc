// The storefront wallet page's script (docs/decisions/109-storefront-wallet-page.md), sent inline in
// the page. Plain ES2017 with no framework and no inline handlers or eval: it reads its settings from
// the page's data- attributes and writes only textContent, so nothing it shows is parsed as HTML. It
// must never contain Liquid's delimiters (two opening braces, or a brace and a percent sign): Shopify
// renders the page as Liquid, and a test checks the text for them.
//
// The wallet (EIP-1193, window.ethereum) is asked for the account and chain, the server writes the
// Sign-In with Ethereum message, the wallet signs it (personal_sign, hex-encoded UTF-8), the server
// checks it and stores the link. Unlink removes it.
export const WALLET_SCRIPT = String.raw`
(function () {
  "use strict";
  var root = document.getElementById("pp-wallet");
  if (!root) return;
  var endpoint = root.getAttribute("data-endpoint");
  var zone = root.getAttribute("data-time-zone") || "UTC";
  var chains = JSON.parse(root.getAttribute("data-chains") || "[]");
  var statusLine = root.querySelector("[data-wallet-status]");
  var linkedPanel = root.querySelector("[data-wallet-linked]");
  var connectPanel = root.querySelector("[data-wallet-connect]");
  var connectButton = root.querySelector("[data-wallet-action=connect]");
  var unlinkButton = root.querySelector("[data-wallet-action=unlink]");
  var MESSAGES = {
    noWallet: "No wallet was found in this browser. Install a wallet extension such as MetaMask, or open this page in your wallet app's browser.",
    noAccount: "Your wallet did not share an account. Unlock it and try again.",
    refused: "You declined the request in your wallet. Nothing was linked.",
    chain: "Switch your wallet to " + chains.map(function (c) { return c.label; }).join(" or ") + ", then try again.",
    offline: "The store could not be reached. Check your connection and try again.",
    failed: "Something went wrong. Please try again."
  };

  function say(text, kind) {
    statusLine.textContent = text;
    statusLine.setAttribute("data-kind", kind || "info");
  }
  function busy(on) {
    connectButton.disabled = on;
    unlinkButton.disabled = on;
  }
  function Failure(text) { this.text = text; }

  function post(fields) {
    return fetch(endpoint, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString()
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (!res.ok) throw new Failure(body && typeof body.error === "string" ? body.error : MESSAGES.failed);
        return body;
      });
    }, function () { throw new Failure(MESSAGES.offline); });
  }
  function wallet(method, params) {
    return window.ethereum.request(params ? { method: method, params: params } : { method: method })
      .catch(function (error) {
        throw new Failure(error && error.code === 4001 ? MESSAGES.refused : MESSAGES.failed);
      });
  }
  function hexOf(text) {
    var bytes = new TextEncoder().encode(text);
    var out = "0x";
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }
  function chainOf(id) {
    for (var i = 0; i < chains.length; i++) if (chains[i].id === id) return chains[i];
    return null;
  }
  function shorten(address) {
    return address.slice(0, 6) + "\u2026" + address.slice(-4);
  }
  function show(linked) {
    if (linked) {
      root.querySelector("[data-wallet-address]").textContent = shorten(linked.address);
      root.querySelector("[data-wallet-address]").setAttribute("title", linked.address);
      var chain = chainOf(linked.chainId);
      root.querySelector("[data-wallet-chain]").textContent = chain ? chain.label : "Chain " + linked.chainId;
      root.querySelector("[data-wallet-date]").textContent = new Intl.DateTimeFormat("en-US", {
        dateStyle: "medium", timeZone: zone
      }).format(new Date(linked.linkedAt));
    }
    linkedPanel.hidden = !linked;
    connectPanel.hidden = !!linked;
  }
  function fail(error) {
    say(error instanceof Failure ? error.text : MESSAGES.failed, "error");
  }

  connectButton.addEventListener("click", function () {
    if (!window.ethereum || typeof window.ethereum.request !== "function") return say(MESSAGES.noWallet, "error");
    var address, chainId;
    busy(true);
    say("Waiting for your wallet\u2026");
    wallet("eth_requestAccounts")
      .then(function (accounts) {
        address = accounts && accounts[0];
        if (!address) throw new Failure(MESSAGES.noAccount);
        return wallet("eth_chainId");
      })
      .then(function (hex) {
        chainId = parseInt(hex, 16);
        if (!chainOf(chainId)) throw new Failure(MESSAGES.chain);
        return post({ intent: "challenge", address: address, chainId: String(chainId) });
      })
      .then(function (challenge) {
        say("Sign the message in your wallet to prove it is yours. It moves no funds.");
        return wallet("personal_sign", [hexOf(challenge.message), address]).then(function (signature) {
          return post({ intent: "link", message: challenge.message, signature: signature });
        });
      })
      .then(function (linked) {
        show(linked);
        say("Wallet linked.", "success");
      })
      .catch(fail)
      .then(function () { busy(false); });
  });

  unlinkButton.addEventListener("click", function () {
    busy(true);
    post({ intent: "unlink" })
      .then(function () {
        show(null);
        say("Wallet unlinked.", "success");
      })
      .catch(fail)
      .then(function () { busy(false); });
  });
})();
`;
