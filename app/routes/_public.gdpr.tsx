// GDPR: the data-processing table (four categories with retention periods), six
// rights with working buttons, how to make a request (with the export form),
// security measures and the DPO contact.
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { PageHero } from "~/components/public/Chrome";
import {
  DATA_CATEGORIES,
  DPO,
  EXPORT_FORM,
  GDPR_INTRO,
  GDPR_RIGHTS,
  GDPR_SECURITY_MEASURES,
  GDPR_SEO,
  HOW_TO_REQUEST,
} from "~/content/gdpr";
import { mailto } from "~/content/site";
import { pageMeta } from "~/content/seo";
import { Section, TableScroll } from "~/components/public/Section";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, GDPR_SEO);

type Result = { kind: "ok" | "error"; text: string } | null;

function ExportRequestForm({ inputRef }: { inputRef: React.RefObject<HTMLInputElement> }) {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    // The schema (and zod with it) loads on first submit, keeping it out of the page's initial JS.
    const { exportRequestSchema } = await import("~/features/privacy");
    const parsed = exportRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Enter a valid e-mail address");
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const response = await fetch("/api/gdpr/export-request", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: parsed.data.email }),
      });
      const body = (await response.json().catch(() => null)) as { message?: string; error?: string } | null;
      if (response.ok) setResult({ kind: "ok", text: body?.message ?? EXPORT_FORM.failureMessage });
      else if (response.status === 429) setResult({ kind: "error", text: body?.error ?? EXPORT_FORM.failureMessage });
      else if (response.status === 400) setFieldError(body?.error ?? "Enter a valid e-mail address");
      else setResult({ kind: "ok", text: EXPORT_FORM.failureMessage });
    } catch {
      setResult({ kind: "ok", text: EXPORT_FORM.failureMessage });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pp-form" onSubmit={submit} noValidate aria-labelledby="export-title">
      <div className="pp-field">
        <label htmlFor="export-email">E-mail address</label>
        <input
          ref={inputRef}
          id="export-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "export-email-error" : undefined}
        />
        {fieldError && (
          <p id="export-email-error" className="pp-field-error">
            {fieldError}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="pp-btn pp-btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send me my data"}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {result && <p className={`pp-message${result.kind === "error" ? " pp-message-error" : ""}`}>{result.text}</p>}
      </div>
    </form>
  );
}

export default function Gdpr() {
  const emailRef = useRef<HTMLInputElement>(null);
  const openExportForm = () => {
    document.getElementById("export-request")?.scrollIntoView({ behavior: "smooth", block: "center" });
    emailRef.current?.focus({ preventScroll: true });
  };
  return (
    <>
      <PageHero title={GDPR_INTRO.title} lead={GDPR_INTRO.lead} />
      <section className="pp-section">
        <div className="pp-wrap">
          <h2>How we process personal data</h2>
          <TableScroll label="Personal data table">
            <table className="pp-table">
              <caption className="pp-sr-only">Data categories, purposes and retention periods</caption>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Examples</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">Retention</th>
                </tr>
              </thead>
              <tbody>
                {DATA_CATEGORIES.map((c) => (
                  <tr key={c.category}>
                    <th scope="row">
                      {c.category}
                      <br />
                      <span className="pp-muted" style={{ fontWeight: 400 }}>
                        {c.description}
                      </span>
                    </th>
                    <td>{c.examples}</td>
                    <td>{c.purpose}</td>
                    <td>{c.retention}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </section>
      <Section soft title="Your rights">
        <div className="pp-grid pp-grid-3">
          {GDPR_RIGHTS.map((right) => (
            <article key={right.id} className="pp-card">
              <h3>{right.title}</h3>
              <p className="pp-muted">{right.text}</p>
              {right.action.kind === "export" ? (
                <button type="button" className="pp-btn pp-btn-secondary pp-btn-sm" onClick={openExportForm}>
                  {right.action.label}
                </button>
              ) : (
                <a className="pp-btn pp-btn-secondary pp-btn-sm" href={mailto(DPO.email, right.action.subject)}>
                  {right.action.label}
                </a>
              )}
            </article>
          ))}
        </div>
      </Section>
      <section className="pp-section">
        <div className="pp-wrap pp-blog">
          <div>
            <h2>How to submit a request</h2>
            <ul className="pp-list">
              {HOW_TO_REQUEST.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="pp-mt">
              Read the full <Link to="/privacy-policy">Privacy Policy</Link>.
            </p>
            <h2 className="pp-mt">Security measures</h2>
            <ul className="pp-checks">
              {GDPR_SECURITY_MEASURES.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
          <aside className="pp-grid" style={{ alignContent: "start" }} aria-label="Requests and contact">
            <section id="export-request" className="pp-card" aria-labelledby="export-title">
              <h2 id="export-title" style={{ fontSize: "1.15rem" }}>
                {EXPORT_FORM.title}
              </h2>
              <p className="pp-muted">{EXPORT_FORM.text}</p>
              <ExportRequestForm inputRef={emailRef} />
            </section>
            <section className="pp-card" aria-labelledby="dpo-title">
              <h2 id="dpo-title" style={{ fontSize: "1.15rem" }}>
                {DPO.title}
              </h2>
              <p className="pp-muted">{DPO.text}</p>
              <a href={mailto(DPO.email, "GDPR question")}>{DPO.email}</a>
            </section>
          </aside>
        </div>
      </section>
    </>
  );
}
