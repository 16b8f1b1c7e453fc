// /api-docs: the public API's documentation, rendered from the OpenAPI document that the v1
// zod schemas generate (features/public-api), with the examples the e2e test executes.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/public/Chrome";
import { API_DOCS_SEO } from "~/content/api-docs";
import { SITE, mailto } from "~/content/site";
import { pageMeta } from "~/content/seo";
import { PLANS, PLAN_ORDER } from "~/features/billing";
import { ApiDocs, EXAMPLES, type ApiDocsProps } from "~/features/public-api";
import { openApiDocument } from "~/features/public-api/index.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, API_DOCS_SEO);

const count = (n: number | null) => (n === null ? "Unlimited" : n.toLocaleString("en-US"));

export function loader() {
  return {
    document: openApiDocument() as unknown as ApiDocsProps["document"],
    examples: EXAMPLES,
    limits: PLAN_ORDER.map((id) => ({
      plan: PLANS[id].name,
      perHour: count(PLANS[id].apiCallsPerHour),
      perMonth: count(PLANS[id].apiCallsPerMonth),
    })),
    supportHref: mailto(SITE.emails.support, "API question"),
  };
}

export default function ApiDocsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero title="API documentation" lead={API_DOCS_SEO.description} />
      <section className="pp-section">
        <ApiDocs {...data} />
      </section>
    </>
  );
}
