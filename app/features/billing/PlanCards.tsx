// Plan cards for the pricing page and the landing summary: one price list (app/features/billing/plans.ts).
import { Link } from "@remix-run/react";
import { PLAN_COPY, type PlanCopy } from "~/content/pricing";
import { PLANS, PLAN_ORDER, priceView, type BillingCycle, type PlanId } from "~/features/billing/plans";

// The public copy knows no feature; here a plan without copy fails to compile.
const COPY: Record<PlanId, PlanCopy> = PLAN_COPY;

export function PlanCards({ cycle }: { cycle: BillingCycle }) {
  return (
    <div className="pp-plans">
      {PLAN_ORDER.map((id) => {
        const plan = PLANS[id];
        const copy = COPY[id];
        const price = priceView(plan, cycle);
        return (
          <article
            key={id}
            className={`pp-card pp-plan${plan.mostPopular ? " pp-plan-popular" : ""}`}
            data-plan={id}
            aria-labelledby={`plan-${id}`}
          >
            {plan.mostPopular && <span className="pp-badge">Most Popular</span>}
            <h3 id={`plan-${id}`}>{plan.name}</h3>
            <p className="pp-muted">{copy.tagline}</p>
            <p className="pp-price" data-testid={`price-${id}`}>
              {price.amount}
              {price.period && <small>{price.period}</small>}
            </p>
            <p className="pp-price-line" data-testid={`saving-${id}`}>
              {price.note ?? <span className="pp-muted">{price.billedAs}</span>}
            </p>
            {price.note && <p className="pp-muted">{price.billedAs}</p>}
            <ul className="pp-checks">
              {copy.highlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
            <Link to={copy.cta.to} className={`pp-btn ${plan.mostPopular ? "pp-btn-primary" : "pp-btn-secondary"}`}>
              {copy.cta.label}
            </Link>
          </article>
        );
      })}
    </div>
  );
}
