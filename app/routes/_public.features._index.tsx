// Features (docs/product/public-site.md#features-features): six blocks alternating left and right,
// each a screen the app has, with its icon, five benefits and a real screenshot of the demo store
// (scripts/capture-screenshots.mjs); what is not built yet listed as coming; the integrations that
// work today; Start Free Trial.
import type { MetaFunction } from "@remix-run/node";
import { CallToAction, PageHero } from "~/components/public/Chrome";
import { Icon } from "~/components/public/Icon";
import {
  FEATURE_BLOCKS,
  FEATURES_COMING_SOON,
  FEATURES_INTRO,
  FEATURES_SEO,
  SCREENSHOT_SIZE,
  type FeatureBlock,
} from "~/content/features";
import { INTEGRATIONS } from "~/content/integrations";
import { APP_LINKS } from "~/content/site";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, FEATURES_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

function Feature({ block, first }: { block: FeatureBlock; first: boolean }) {
  return (
    <article id={block.id} className="pp-feature" aria-labelledby={`${block.id}-title`}>
      <div className="pp-feature-text">
        <div className="pp-card-icon">
          <Icon name={block.icon} />
        </div>
        <h2 id={`${block.id}-title`}>{block.title}</h2>
        <p className="pp-lead">{block.text}</p>
        <ul className="pp-checks">
          {block.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
      <figure className="pp-shot">
        <img
          src={block.screenshot.src}
          alt={block.screenshot.alt}
          width={SCREENSHOT_SIZE.width}
          height={SCREENSHOT_SIZE.height}
          loading={first ? "eager" : "lazy"}
          decoding="async"
        />
      </figure>
    </article>
  );
}

export default function Features() {
  const available = INTEGRATIONS.filter((i) => i.status === "Available");
  return (
    <>
      <PageHero title={FEATURES_INTRO.title} lead={FEATURES_INTRO.lead} />
      <section className="pp-section" style={{ paddingTop: 24 }}>
        <div className="pp-wrap">
          {FEATURE_BLOCKS.map((block, i) => (
            <Feature key={block.id} block={block} first={i === 0} />
          ))}
        </div>
      </section>
      <section className="pp-section" aria-labelledby="coming-title" style={{ paddingTop: 0 }}>
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2 id="coming-title">Coming soon</h2>
            <p className="pp-lead">Not in the app yet. We will show them here when you can use them.</p>
          </div>
          <ul className="pp-grid pp-grid-4 pp-plain-list">
            {FEATURES_COMING_SOON.map((item) => (
              <li key={item.title} className="pp-card">
                <h3>{item.title}</h3>
                <p className="pp-muted">{item.text}</p>
                <span className="pp-badge pp-badge-grey">Coming soon</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="pp-section pp-section-soft" aria-labelledby="integrations-title">
        <div className="pp-wrap pp-center">
          <h2 id="integrations-title">Works with</h2>
          <ul className="pp-strip pp-mt">
            {available.map((i) => (
              <li key={i.id}>{i.name}</li>
            ))}
          </ul>
          <p className="pp-note">
            More tools are on the way: see <a href="/integrations">all integrations</a>.
          </p>
        </div>
      </section>
      <CallToAction
        title="See it with your own store"
        text="7-day free trial. No credit card required."
        primary={{ label: "Start Free Trial", to: APP_LINKS.dashboard }}
        secondary={{ label: "View Pricing", to: "/pricing" }}
      />
    </>
  );
}
