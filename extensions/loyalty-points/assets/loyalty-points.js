// Fills the loyalty block from the app proxy. Text only (textContent), never HTML.
(function () {
  for (const root of document.querySelectorAll("[data-loyalty-points]")) {
    const field = (name) => root.querySelector(`[data-loyalty-field="${name}"]`);
    if (!field("balance")) continue; // signed out: nothing to fetch
    fetch(root.dataset.proxyUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((points) => {
        field("balance").textContent = Number(points.balance).toLocaleString();
        field("balanceValue").textContent = points.balanceValue;
        field("tier").textContent = points.tier || "—";
        field("howToRedeem").textContent = points.howToRedeem;
        if (points.nextTier) {
          field("next").textContent = `${points.nextTier.spendToGo} more to reach ${points.nextTier.name}`;
          field("next").hidden = false;
        }
      })
      .catch(() => {
        root.querySelector("[data-loyalty-error]").hidden = false;
      });
  }
})();
