// Features (docs/product/public-site.md): six alternating blocks with five benefits each,
// an integrations strip and Start Free Trial.
import type { MetaFunction } from "@remix-run/node";
import { CallToAction, PageHero } from "~/components/public/Chrome";
import {
  FEATURE_BLOCKS,
  FEATURES_INTEGRATIONS,
  FEATURES_INTRO,
  FEATURES_SEO,
  type FeatureBlock,
} from "~/content/features";
import { APP_LINKS } from "~/content/site";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, FEATURES_SEO);

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

const BAR_HEIGHTS: Record<FeatureBlock["preview"], number[]> = {
  bars: [40, 65, 50, 80, 70, 95],
  list: [90, 30, 70, 45, 85, 25],
  rings: [55, 75, 35, 90, 60, 40],
  grid: [70, 70, 45, 45, 85, 85],
  shield: [30, 50, 70, 90, 70, 50],
  tiers: [25, 45, 65, 85, 100, 60],
};

/** A drawn preview (no image download): a small chart in the feature's colours. */
function Preview({ kind, title }: { kind: FeatureBlock["preview"]; title: string }) {
  return (
    <div className="pp-preview" role="img" aria-label={`${title} preview`}>
      {BAR_HEIGHTS[kind].map((h, i) => (
        <span key={i} style={{ height: `${h}%` }} />
      ))}
    </div>
  );
}

export default function Features() {
  return (
    <>
      <PageHero title={FEATURES_INTRO.title} lead={FEATURES_INTRO.lead} />
      <section className="pp-section" style={{ paddingTop: 24 }}>
        <div className="pp-wrap">
          {FEATURE_BLOCKS.map((block) => (
            <article key={block.id} id={block.id} className="pp-feature">
              <div className="pp-feature-text">
                <h2>{block.title}</h2>
                <p className="pp-lead">{block.text}</p>
                <ul className="pp-checks">
                  {block.benefits.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </div>
              <Preview kind={block.preview} title={block.title} />
            </article>
          ))}
        </div>
      </section>
      <section className="pp-section pp-section-soft">
        <div className="pp-wrap pp-center">
          <h2>Integrates with</h2>
          <ul className="pp-strip pp-mt">
            {FEATURES_INTEGRATIONS.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
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
