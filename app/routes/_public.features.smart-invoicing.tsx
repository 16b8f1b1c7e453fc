// Smart-invoicing marketing page (docs/product/public-site.md).
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CallToAction } from "~/components/public/Chrome";
import { Icon } from "~/components/public/Icon";
import {
  SI_CAPABILITIES,
  SI_FINAL_CTA,
  SI_HERO,
  SI_STEPS,
  SI_USE_CASES,
  SMART_INVOICING_SEO,
} from "~/content/smart-invoicing";
import { pageMeta } from "~/content/seo";
import { CardGrid, Section, StepList } from "~/components/public/Section";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, SMART_INVOICING_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export default function SmartInvoicing() {
  return (
    <>
      <section className="pp-hero">
        <div className="pp-wrap pp-hero-inner">
          <span className="pp-eyebrow">{SI_HERO.eyebrow}</span>
          <h1>{SI_HERO.title}</h1>
          <p className="pp-lead">{SI_HERO.lead}</p>
          <div className="pp-btn-row">
            <Link to={SI_HERO.primary.to} className="pp-btn pp-btn-primary">
              {SI_HERO.primary.label}
            </Link>
            <Link to={SI_HERO.secondary.to} className="pp-btn pp-btn-secondary">
              {SI_HERO.secondary.label}
            </Link>
          </div>
        </div>
      </section>
      <Section title="Six capabilities, one workflow">
        <div className="pp-grid pp-grid-3">
          {SI_CAPABILITIES.map((c) => (
            <article key={c.title} className="pp-card">
              <div className="pp-card-icon">
                <Icon name="invoice" />
              </div>
              <h3>{c.title}</h3>
              <p className="pp-muted">{c.text}</p>
            </article>
          ))}
        </div>
      </Section>
      <Section soft title="How it works">
        <StepList steps={SI_STEPS} columns={3} />
      </Section>
      <Section title="Made for">
        <CardGrid cards={SI_USE_CASES} columns={3} />
      </Section>
      <CallToAction title={SI_FINAL_CTA.title} primary={SI_FINAL_CTA.primary} secondary={SI_FINAL_CTA.secondary} />
    </>
  );
}
