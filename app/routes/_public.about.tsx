// About: mission, figures, four values, team of four, timeline 2023–2025.
import type { MetaFunction } from "@remix-run/node";
import { CallToAction, PageHero } from "~/components/public/Chrome";
import { ABOUT_CTA, ABOUT_FIGURES, ABOUT_SEO, MISSION, TEAM, TIMELINE, VALUES } from "~/content/about";
import { APP_LINKS } from "~/content/site";
import { pageMeta } from "~/content/seo";
import { CardGrid, Section, StatGrid } from "~/components/public/Section";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, ABOUT_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export default function About() {
  return (
    <>
      <PageHero title="About Profit Pilot" lead="We help online merchants see their real profit and get paid faster." />
      <section className="pp-section">
        <div className="pp-wrap" style={{ maxWidth: 820 }}>
          <h2>{MISSION.title}</h2>
          <p className="pp-lead">{MISSION.text}</p>
        </div>
        <StatGrid stats={ABOUT_FIGURES} className="pp-wrap pp-grid pp-grid-4 pp-mt" />
      </section>
      <Section soft title="Our values">
        <CardGrid cards={VALUES} columns={4} />
      </Section>
      <Section title="Meet the team">
        <div className="pp-grid pp-grid-4">
          {TEAM.map((m) => (
            <article key={m.name} className="pp-card">
              <div className="pp-avatar" aria-hidden="true">
                {initialsOf(m.name)}
              </div>
              <h3>{m.name}</h3>
              <p className="pp-badge">{m.role}</p>
              <p className="pp-muted">{m.bio}</p>
              <ul className="pp-tags" aria-label={`${m.name}'s expertise`}>
                {m.expertise.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Section>
      <section className="pp-section pp-section-soft">
        <div className="pp-wrap" style={{ maxWidth: 760 }}>
          <h2>Our story</h2>
          <ol className="pp-timeline pp-mt">
            {TIMELINE.map((t) => (
              <li key={t.year}>
                <span className="pp-year">{t.year}</span>
                <h3>{t.title}</h3>
                <p className="pp-muted">{t.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <CallToAction
        title={ABOUT_CTA.title}
        text={ABOUT_CTA.text}
        primary={{ label: "Start Free Trial", to: APP_LINKS.dashboard }}
        secondary={{ label: "Contact us", to: "/contact" }}
      />
    </>
  );
}
