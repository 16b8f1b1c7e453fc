// Pricing (docs/product/public-site.md#pricing-pricing): monthly/annual toggle, the three plans, the comparison
// table with every limit and service level, and four FAQs. All figures come from
// app/features/billing/plans.ts.
import type { MetaFunction } from "@remix-run/node";
import { useState } from "react";
import { PageHero } from "~/components/public/Chrome";
import { TableScroll } from "~/components/public/Section";
import { PlanCards } from "~/features/billing";
import { PRICING_FAQS, PRICING_INTRO, PRICING_SEO } from "~/content/pricing";
import {
  ANNUAL_DISCOUNT_LABEL,
  COMPARISON_ROWS,
  PLANS,
  PLAN_ORDER,
  priceView,
  type BillingCycle,
} from "~/features/billing";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PRICING_SEO);

export default function Pricing() {
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  return (
    <>
      <PageHero title={PRICING_INTRO.title} lead={PRICING_INTRO.lead} />
      <section className="pp-section">
        <div className="pp-wrap">
          <h2 className="pp-sr-only">Plans</h2>
          <div className="pp-center" style={{ marginBottom: 32 }}>
            <div className="pp-toggle" role="group" aria-label="Billing period">
              <button type="button" aria-pressed={cycle === "monthly"} onClick={() => setCycle("monthly")}>
                Monthly
              </button>
              <button type="button" aria-pressed={cycle === "annual"} onClick={() => setCycle("annual")}>
                Annual <span className="pp-badge">{ANNUAL_DISCOUNT_LABEL}</span>
              </button>
            </div>
          </div>
          <PlanCards cycle={cycle} />
        </div>
      </section>

      <section className="pp-section pp-section-soft" aria-labelledby="compare-title">
        <div className="pp-wrap">
          <h2 id="compare-title" className="pp-center">
            Compare plans
          </h2>
          <TableScroll label="Plan comparison table">
            <table className="pp-table">
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  {PLAN_ORDER.map((id) => (
                    <th key={id} scope="col">
                      {PLANS[id].name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Price</th>
                  {PLAN_ORDER.map((id) => {
                    const p = priceView(PLANS[id], cycle);
                    return <td key={id}>{p.amount === "Custom" ? "Custom" : `${p.amount}${p.period}`}</td>;
                  })}
                </tr>
                {COMPARISON_ROWS.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {PLAN_ORDER.map((id) => (
                      <td key={id}>{row.value(PLANS[id])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </section>

      <section className="pp-section" aria-labelledby="faq-title">
        <div className="pp-wrap" style={{ maxWidth: 800 }}>
          <h2 id="faq-title" className="pp-center">
            Frequently asked questions
          </h2>
          <div className="pp-faq pp-mt">
            {PRICING_FAQS.map((faq) => (
              <details key={faq.q}>
                <summary>{faq.q}</summary>
                <p>{faq.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
