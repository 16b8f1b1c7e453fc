// Security: six controls the app has, four certification cards saying truthfully where we
// stand (no dates), incident history, contact.
import type { MetaFunction } from "@remix-run/node";
import { PageHero } from "~/components/public/Chrome";
import { Icon } from "~/components/public/Icon";
import {
  CERTIFICATIONS,
  INCIDENT_HISTORY,
  SECURITY_CONTACT,
  SECURITY_FEATURES,
  SECURITY_INTRO,
  SECURITY_SEO,
} from "~/content/security";
import { mailto } from "~/content/site";
import { pageMeta } from "~/content/seo";
import { Section } from "~/components/public/Section";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, SECURITY_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export default function Security() {
  return (
    <>
      <PageHero title={SECURITY_INTRO.title} lead={SECURITY_INTRO.lead} />
      <section className="pp-section">
        <div className="pp-wrap pp-grid pp-grid-3">
          {SECURITY_FEATURES.map((f) => (
            <article key={f.title} className="pp-card">
              <div className="pp-card-icon">
                <Icon name="lock" />
              </div>
              <h2 style={{ fontSize: "1.15rem" }}>{f.title}</h2>
              <p className="pp-muted">{f.text}</p>
            </article>
          ))}
        </div>
      </section>
      <Section soft title="Certifications and compliance">
        <div className="pp-grid pp-grid-4">
          {CERTIFICATIONS.map((c) => (
            <article key={c.name} className="pp-card">
              <h3>{c.name}</h3>
              <p>
                <span className={`pp-badge${c.status === "Not certified" ? " pp-badge-grey" : ""}`}>{c.status}</span>
              </p>
              <p className="pp-muted">{c.text}</p>
            </article>
          ))}
        </div>
      </Section>
      <section className="pp-section">
        <div className="pp-wrap" style={{ maxWidth: 820 }}>
          <h2>{INCIDENT_HISTORY.title}</h2>
          <p className="pp-lead">{INCIDENT_HISTORY.text}</p>
        </div>
      </section>
      <section className="pp-section pp-section-soft">
        <div className="pp-wrap pp-center">
          <h2>{SECURITY_CONTACT.title}</h2>
          <p className="pp-lead">{SECURITY_CONTACT.text}</p>
          <a className="pp-btn pp-btn-primary" href={mailto(SECURITY_CONTACT.email, "Security report")}>
            Email {SECURITY_CONTACT.email}
          </a>
        </div>
      </section>
    </>
  );
}
