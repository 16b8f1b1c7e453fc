// Terms of Service: eight sections and a contact section, last updated 1 January 2025.
import type { MetaFunction } from "@remix-run/node";
import { PageHero } from "~/components/public/Chrome";
import { TERMS_CONTACT, TERMS_SECTIONS, TERMS_SEO } from "~/content/legal";
import { SITE } from "~/content/site";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TERMS_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export default function Terms() {
  return (
    <>
      <PageHero title="Terms of Service" />
      <section className="pp-section">
        <div className="pp-wrap pp-legal">
          <p className="pp-muted">
            Last updated: <time dateTime={SITE.legalUpdatedIso}>{SITE.legalUpdated}</time>
          </p>
          {TERMS_SECTIONS.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
          <section>
            <h2>{TERMS_CONTACT.title}</h2>
            <p>{TERMS_CONTACT.text}</p>
          </section>
        </div>
      </section>
    </>
  );
}
