// The hosted invoice page's own light styles (a public page, not Polaris): one inline sheet so
// the page needs no other request before it paints.
export const HOSTED_PAGE_CSS = `
  body{margin:0}
  .hp{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;background:#f1f2f4;min-height:100vh;margin:0;padding:32px 16px;box-sizing:border-box}
  .hp *{box-sizing:border-box}
  .hp-wrap{max-width:960px;margin:0 auto;display:flex;gap:20px;align-items:flex-start}
  .hp-main{flex:1;min-width:0;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:32px}
  .hp-side{width:240px;flex-shrink:0}
  .hp-row{display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap}
  .hp-muted{color:#616161}
  .hp-h1{font-size:28px;margin:0}
  .hp-badge{display:inline-block;border-radius:8px;padding:2px 10px;font-size:13px;font-weight:600;background:#e3e3e3}
  .hp-badge.paid{background:#cdfee1;color:#0c5132}.hp-badge.sent{background:#e0f0ff;color:#00527c}.hp-badge.overdue{background:#fedad9;color:#8e1f0b}
  .hp table{width:100%;border-collapse:collapse;margin-top:24px}
  .hp th{text-align:left;border-bottom:2px solid #1a1a1a;padding:8px 4px;font-size:13px}
  .hp td{border-bottom:1px solid #e3e3e3;padding:8px 4px}
  .hp .num{text-align:right;white-space:nowrap}
  .hp-totals{margin-left:auto;width:280px;margin-top:12px}
  .hp-totals div{display:flex;justify-content:space-between;padding:3px 0}
  .hp-total{font-weight:700;font-size:18px;border-top:2px solid #1a1a1a;margin-top:4px;padding-top:6px!important}
  .hp-pay{margin-top:28px;margin-bottom:16px;border:1px solid #005bd3;border-radius:10px;padding:20px}
  .hp-btn{display:inline-block;background:#005bd3;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;font-weight:600;text-decoration:none;cursor:pointer}
  .hp-ad{background:#fff;border:1px solid #e3e3e3;border-radius:10px;padding:14px;margin-bottom:14px}
  .hp-ad img{max-width:100%;border-radius:6px;margin-bottom:8px}
  .hp-ad a{color:#005bd3}
  .hp-note{border-radius:8px;padding:12px;margin-bottom:16px}
  .hp-foot{margin-top:24px;font-size:13px}
  .hp-foot a{color:#005bd3}
  @media (max-width:720px){.hp-wrap{flex-direction:column}.hp-side{width:100%}.hp-main{padding:20px}}
`;
