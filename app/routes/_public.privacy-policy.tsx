// Privacy Policy: five sections, last updated 1 January 2025.
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/public/Chrome";
import { PRIVACY_SECTIONS, PRIVACY_SEO } from "~/content/legal";
import { SITE } from "~/content/site";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PRIVACY_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export default function PrivacyPolicy() {
  return (
    <>
      <PageHero title="Privacy Policy" />
      <section className="pp-section">
        <div className="pp-wrap pp-legal">
          <p className="pp-muted">
            Last updated: <time dateTime={SITE.legalUpdatedIso}>{SITE.legalUpdated}</time>
          </p>
          {PRIVACY_SECTIONS.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
          <p>
            To exercise your rights, see <Link to="/gdpr">GDPR</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
