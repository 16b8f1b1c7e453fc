// Careers: figures, six perks, six positions (first two requirements shown), the
// hiring process. Apply Now opens an e-mail to the careers address with the job title.
import type { MetaFunction } from "@remix-run/node";
import { PageHero } from "~/components/public/Chrome";
import { CAREERS_FIGURES, CAREERS_SEO, HIRING_STEPS, JOBS, PERKS, applyHref } from "~/content/careers";
import { SITE } from "~/content/site";
import { pageMeta } from "~/content/seo";
import { CardGrid, Section, StatGrid, StepList } from "~/components/public/Section";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, CAREERS_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export default function Careers() {
  return (
    <>
      <PageHero
        title="Careers at Profit Pilot"
        lead="Help 10,000+ merchants run profitable stores. We hire kind, curious people, wherever they live."
      />
      <section className="pp-section">
        <StatGrid stats={CAREERS_FIGURES} className="pp-wrap pp-grid pp-grid-4" />
      </section>
      <Section soft title="Perks and benefits">
        <CardGrid cards={PERKS} columns={3} />
      </Section>
      <section className="pp-section">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>Open positions</h2>
            <p className="pp-lead">Apply by e-mailing your resume to {SITE.emails.careers}.</p>
          </div>
          <div className="pp-grid pp-grid-2">
            {JOBS.map((job) => (
              <article key={job.title} className="pp-card" data-testid="job">
                <h3>{job.title}</h3>
                <ul className="pp-tags" aria-label="Details">
                  <li>{job.department}</li>
                  <li>{job.location}</li>
                  <li>{job.type}</li>
                  <li>{job.experience}</li>
                </ul>
                <p className="pp-mt" style={{ marginTop: 16 }}>
                  {job.description}
                </p>
                <ul className="pp-checks" aria-label="Requirements">
                  {job.requirements.slice(0, 2).map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <a href={applyHref(job.title)} className="pp-btn pp-btn-primary pp-btn-sm pp-mt">
                  Apply Now<span className="pp-sr-only">: {job.title}</span>
                </a>
              </article>
            ))}
          </div>
        </div>
      </section>
      <Section soft title="Our hiring process">
        <StepList steps={HIRING_STEPS} columns={4} />
      </Section>
    </>
  );
}
