// The landing page (docs/product/public-site.md). Opened from the Shopify admin (with `shop` and
// `installed`, `host` or `embedded`) it goes straight to the dashboard.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CallToAction } from "~/components/public/Chrome";
import { Icon } from "~/components/public/Icon";
import { PlanCards } from "~/features/billing";
import {
  FEATURE_CARDS,
  FINAL_CTA,
  HERO,
  INTEGRATION_STRIP,
  LANDING_SEO,
  SECURITY_CARDS,
  STATS,
  STEPS,
  TESTIMONIALS,
  type Testimonial,
} from "~/content/landing";
import { landingRedirect } from "~/content/landing-redirect";
import { pageMeta } from "~/content/seo";
import { Section, StatGrid, StepList } from "~/components/public/Section";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, LANDING_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const target = landingRedirect(new URL(request.url));
  if (target) throw redirect(target);
  return null;
}

function Quote({ t }: { t: Testimonial }) {
  return (
    <li>
      <figure className="pp-card pp-quote">
        {t.rating && (
          <p className="pp-stars" aria-label={`Rated ${t.rating} out of 5`}>
            {"★".repeat(t.rating)}
          </p>
        )}
        <blockquote>“{t.quote}”</blockquote>
        <figcaption>
          <strong>{t.author}</strong>, {t.role}
        </figcaption>
      </figure>
    </li>
  );
}

export default function Landing() {
  return (
    <>
      <section className="pp-hero">
        <div className="pp-wrap pp-hero-inner">
          <span className="pp-eyebrow">{HERO.eyebrow}</span>
          <h1>{HERO.title}</h1>
          <p className="pp-lead">{HERO.lead}</p>
          <div className="pp-btn-row">
            <Link to={HERO.primary.to} className="pp-btn pp-btn-primary">
              {HERO.primary.label}
            </Link>
            <Link to={HERO.secondary.to} className="pp-btn pp-btn-secondary">
              {HERO.secondary.label}
            </Link>
          </div>
          <p className="pp-note">{HERO.note}</p>
        </div>
      </section>

      <section className="pp-section" aria-label="Key figures">
        <StatGrid stats={STATS} className="pp-wrap pp-grid pp-grid-4" />
      </section>

      <section id="features" className="pp-section pp-section-soft">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>Everything your store needs to grow profitably</h2>
            <p className="pp-lead">Invoicing, analytics and integrations that share one source of truth.</p>
          </div>
          <div className="pp-grid pp-grid-3">
            {FEATURE_CARDS.map((card) => (
              <article key={card.title} className="pp-card">
                <div className="pp-card-icon">
                  <Icon name={card.icon} />
                </div>
                <h3>{card.title}</h3>
                <p className="pp-muted">{card.text}</p>
                <Link to={card.cta.to} className="pp-btn pp-btn-secondary pp-btn-sm">
                  {card.cta.label}
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="integrations" className="pp-section">
        <div className="pp-wrap pp-center">
          <h2>Works with the tools you already use</h2>
          <p className="pp-lead">One-click integrations with your store platform, payments and our API.</p>
          <ul className="pp-strip pp-mt">
            {INTEGRATION_STRIP.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <p className="pp-mt">
            <Link to="/integrations">See all integrations</Link>
          </p>
        </div>
      </section>

      <Section soft title="How it works">
        <StepList steps={STEPS} columns={3} />
      </Section>

      <section className="pp-section" aria-labelledby="testimonials-title">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2 id="testimonials-title">Loved by merchants</h2>
          </div>
        </div>
        <div className="pp-marquee">
          <div className="pp-marquee-track">
            <ul className="pp-marquee-group">
              {TESTIMONIALS.map((t) => (
                <Quote key={t.author} t={t} />
              ))}
            </ul>
            {/* The second copy only makes the loop seamless: hidden from screen readers, and not shown at all with reduced motion. */}
            <ul className="pp-marquee-group" aria-hidden="true">
              {TESTIMONIALS.map((t) => (
                <Quote key={t.author} t={t} />
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section id="pricing" className="pp-section pp-section-soft">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>Simple, transparent pricing</h2>
            <p className="pp-lead">Start free, upgrade when you grow. Pro includes a 7-day free trial.</p>
          </div>
          <PlanCards cycle="monthly" />
          <p className="pp-center pp-mt">
            <Link to="/pricing">Compare plans and annual pricing</Link>
          </p>
        </div>
      </section>

      <Section title="Security and compliance built in">
        <div className="pp-grid pp-grid-3">
          {SECURITY_CARDS.map((card) => (
            <article key={card.title} className="pp-card">
              <div className="pp-card-icon">
                <Icon name="shield" />
              </div>
              <h3>{card.title}</h3>
              <p className="pp-muted">{card.text}</p>
            </article>
          ))}
        </div>
        <p className="pp-center pp-mt">
          <Link to="/security">Read about our security</Link>
        </p>
      </Section>

      <CallToAction
        title={FINAL_CTA.title}
        text={FINAL_CTA.text}
        primary={FINAL_CTA.primary}
        secondary={FINAL_CTA.secondary}
      />
    </>
  );
}
