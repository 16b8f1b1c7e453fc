// Integrations: category tabs, cards with status, Connect Now for Available ones
// (opens the matching entry in Settings → Integrations), Coming Soon disabled.
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { PageHero } from "~/components/public/Chrome";
import { CardGrid } from "~/components/public/Section";
import {
  CUSTOM_INTEGRATION,
  INTEGRATIONS,
  INTEGRATIONS_SEO,
  INTEGRATION_CATEGORIES,
  connectHref,
  type Integration,
  type IntegrationCategory,
} from "~/content/integrations";
import { APP_LINKS, SITE, mailto } from "~/content/site";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, INTEGRATIONS_SEO);

type Tab = "All" | IntegrationCategory;
const TABS: Tab[] = ["All", ...INTEGRATION_CATEGORIES];
const tabId = (tab: Tab) => `tab-${tab.toLowerCase().replace(/[^a-z]+/g, "-")}`;

function Card({ integration }: { integration: Integration }) {
  const available = integration.status === "Available";
  return (
    <article className="pp-card pp-int-card" aria-labelledby={`int-${integration.id}`}>
      <div className="pp-int-head">
        <h3 id={`int-${integration.id}`} style={{ margin: 0 }}>
          {integration.name}
        </h3>
        <span className={`pp-badge${available ? "" : " pp-badge-grey"}`}>{integration.status}</span>
      </div>
      <p className="pp-muted">{integration.description}</p>
      <ul className="pp-checks">
        {integration.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {available ? (
        <Link to={connectHref(integration)} className="pp-btn pp-btn-primary pp-btn-sm">
          Connect Now
        </Link>
      ) : (
        <button type="button" className="pp-btn pp-btn-sm" disabled>
          Coming Soon
        </button>
      )}
    </article>
  );
}

export default function Integrations() {
  const [tab, setTab] = useState<Tab>("All");
  const categories = tab === "All" ? INTEGRATION_CATEGORIES : [tab];
  return (
    <>
      <PageHero title="Integrations" lead="Connect your store today. More tools are on the way." />
      <section className="pp-section">
        <div className="pp-wrap">
          <div className="pp-tabs" role="tablist" aria-label="Integration categories">
            {TABS.map((t) => (
              <button
                key={t}
                id={tabId(t)}
                type="button"
                role="tab"
                aria-selected={tab === t}
                aria-controls="integrations-panel"
                onClick={() => setTab(t)}
              >
                {t}
              </button>
            ))}
          </div>
          <div id="integrations-panel" role="tabpanel" aria-labelledby={tabId(tab)}>
            {categories.map((category) => (
              <section key={category} aria-labelledby={`cat-${tabId(category)}`} style={{ marginBottom: 40 }}>
                <h2 id={`cat-${tabId(category)}`}>{category}</h2>
                <div className="pp-grid pp-grid-3">
                  {INTEGRATIONS.filter((i) => i.category === category).map((i) => (
                    <Card key={i.id} integration={i} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </div>
      </section>
      <section className="pp-section pp-section-soft">
        <div className="pp-wrap">
          <div className="pp-section-head">
            <h2>{CUSTOM_INTEGRATION.title}</h2>
            <p className="pp-lead">{CUSTOM_INTEGRATION.text}</p>
          </div>
          <CardGrid cards={CUSTOM_INTEGRATION.offers} columns={3} />
          <div className="pp-btn-row pp-mt" style={{ justifyContent: "center" }}>
            <a href={mailto(SITE.emails.sales, "Custom integration")} className="pp-btn pp-btn-secondary">
              Email our team
            </a>
            <Link to={APP_LINKS.dashboard} reloadDocument className="pp-btn pp-btn-primary">
              Get Started
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
