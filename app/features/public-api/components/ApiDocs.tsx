// /api-docs (core.md §5, admin-and-public.md §2): tabs Overview (default), Authentication,
// Endpoints and Examples, rendered from the OpenAPI document the v1 schemas generate; a support
// e-mail button and Get API Access to /dashboard close the page.
import { useState } from "react";
import type { ApiExample } from "~/features/public-api/examples";
import { EndpointDoc, type Operation } from "./EndpointDoc";
import type { Components } from "./SchemaView";

export type ApiDocsProps = {
  document: {
    info: { title: string; description?: string };
    servers?: { url: string }[];
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Components };
  };
  examples: ApiExample[];
  limits: { plan: string; perHour: string; perMonth: string }[];
  supportHref: string;
};

const TABS = ["Overview", "Authentication", "Endpoints", "Examples"] as const;
type Tab = (typeof TABS)[number];

/** The request as text: the line, any headers besides the key, and the JSON body. */
const exampleRequest = (e: ApiExample) =>
  [
    `${e.method} ${e.path}`,
    ...Object.entries(e.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(e.body ? ["", JSON.stringify(e.body, null, 2)] : []),
  ].join("\n");

export function ApiDocs({ document, examples, limits, supportHref }: ApiDocsProps) {
  const [tab, setTab] = useState<Tab>("Overview");
  const base = document.servers?.[0]?.url ?? "/api/v1";
  const components = document.components?.schemas ?? {};
  return (
    <div className="pp-wrap">
      <div className="pp-tabs" role="tablist" aria-label="API documentation">
        {TABS.map((t) => (
          <button
            key={t}
            id={`api-tab-${t.toLowerCase()}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="api-panel"
            onClick={() => setTab(t)}
          >
            {t}
          </button>
        ))}
      </div>
      <div id="api-panel" role="tabpanel" aria-labelledby={`api-tab-${tab.toLowerCase()}`} className="pp-api-panel">
        {tab === "Overview" && (
          <>
            <h2>Base URL</h2>
            <pre className="pp-api-code">{base}</pre>
            <h2>Response format</h2>
            <p>
              Every answer is JSON: <code>{"{ success, data, error, timestamp }"}</code>. On failure <code>error</code>{" "}
              carries <code>type</code>, <code>code</code>, <code>message</code>, <code>param</code> and{" "}
              <code>doc_url</code>. Every answer has an <code>X-Request-Id</code> header; lists page with{" "}
              <code>limit</code>, <code>starting_after</code> and <code>has_more</code>.
            </p>
            <h2>Rate limits</h2>
            <table className="pp-api-table">
              <thead>
                <tr>
                  <th>Plan</th>
                  <th>Calls per hour</th>
                  <th>Calls per month</th>
                </tr>
              </thead>
              <tbody>
                {limits.map((l) => (
                  <tr key={l.plan}>
                    <td>{l.plan}</td>
                    <td>{l.perHour}</td>
                    <td>{l.perMonth}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="pp-muted">
              Answers carry <code>RateLimit-Policy</code>, <code>RateLimit</code> and <code>X-RateLimit-Limit</code>,{" "}
              <code>-Remaining</code>, <code>-Reset</code>; over a limit the answer is 429 with <code>Retry-After</code>
              .
            </p>
          </>
        )}
        {tab === "Authentication" && (
          <>
            <h2>API keys</h2>
            <p>
              Create a key in the app under Settings → API Keys (Owners and Admins). Choose its scopes per resource; the
              key (<code>pp_live_…</code>) is shown once. Send it as a Bearer token:
            </p>
            <pre className="pp-api-code">{`curl ${base}/stores/{storeId}/analytics \\\n  -H "Authorization: Bearer pp_live_…"`}</pre>
            <p>
              A missing, malformed, revoked or expired key is 401; a key without the endpoint's scope is 403; a{" "}
              <code>storeId</code> that is not the key's store is 404. Roll a key to replace it with a grace period;
              revoke it to stop it at once. <code>POST</code> calls accept an <code>Idempotency-Key</code> header.
            </p>
          </>
        )}
        {tab === "Endpoints" &&
          Object.entries(document.paths ?? {}).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <EndpointDoc key={`${method} ${path}`} method={method} path={path} op={op} components={components} />
            )),
          )}
        {tab === "Examples" &&
          examples.map((e) => (
            <article key={e.title} className="pp-card pp-api-op">
              <h3>{e.title}</h3>
              <pre className="pp-api-code">{exampleRequest(e)}</pre>
              <p className="pp-muted">{e.status}</p>
              <pre className="pp-api-code">{JSON.stringify(e.response, null, 2)}</pre>
            </article>
          ))}
      </div>
      <div className="pp-center pp-api-cta">
        <a className="pp-btn" href={supportHref}>
          Email support
        </a>{" "}
        <a className="pp-btn pp-btn-primary" href="/dashboard">
          Get API Access
        </a>
      </div>
    </div>
  );
}
