// Smart-invoicing marketing page (core §2.7).
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CallToAction } from "../components/public/Chrome";
import { Icon } from "../components/public/Icon";
import { SI_CAPABILITIES, SI_FINAL_CTA, SI_HERO, SI_STEPS, SI_USE_CASES, SMART_INVOICING_SEO } from "../content/smart-invoicing";
import { pageMeta } from "../lib/seo";

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
      <section className="pp-section">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>Six capabilities, one workflow</h2>
          </div>
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
        </div>
      </section>
      <section className="pp-section pp-section-soft">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>How it works</h2>
          </div>
          <ol className="pp-steps pp-grid pp-grid-3">
            {SI_STEPS.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p className="pp-muted">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="pp-section">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>Made for</h2>
          </div>
          <div className="pp-grid pp-grid-3">
            {SI_USE_CASES.map((u) => (
              <article key={u.title} className="pp-card">
                <h3>{u.title}</h3>
                <p className="pp-muted">{u.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <CallToAction title={SI_FINAL_CTA.title} primary={SI_FINAL_CTA.primary} secondary={SI_FINAL_CTA.secondary} />
    </>
  );
}
