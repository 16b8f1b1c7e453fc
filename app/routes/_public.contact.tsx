// Contact: four method cards opening the dialog (titled by method, or "Contact Us"),
// the full form, quick information, FAQ and Urgent Help presetting the subject.
import type { MetaFunction } from "@remix-run/node";
import { useEffect, useRef, useState } from "react";
import { PageHero } from "~/components/public/Chrome";
import { ContactForm } from "~/components/public/ContactForm";
import { Icon } from "~/components/public/Icon";
import { CONTACT_FAQS, CONTACT_METHODS, CONTACT_SEO, QUICK_INFO, URGENT_HELP } from "~/content/contact";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, CONTACT_SEO);

type DialogState = { open: false } | { open: true; method?: string; subject: string; key: number };

function ContactDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (state.open && !dialog.open) dialog.showModal();
    if (!state.open && dialog.open) dialog.close();
  }, [state]);
  const title = state.open && state.method ? state.method : "Contact Us";
  return (
    <dialog ref={ref} className="pp-dialog" aria-labelledby="contact-dialog-title" onClose={onClose}>
      <h2 id="contact-dialog-title">{title}</h2>
      {state.open && (
        <ContactForm
          key={state.key}
          idPrefix="dialog"
          subjectMode="text"
          initialSubject={state.subject}
          method={state.method}
          onSent={() => ref.current?.close()}
        />
      )}
      <div style={{ marginTop: 12 }}>
        <button type="button" className="pp-btn pp-btn-ghost pp-btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

export default function Contact() {
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const open = (method: string | undefined, subject = "") =>
    setDialog({ open: true, method, subject, key: Date.now() });
  return (
    <>
      <PageHero
        title="Contact us"
        lead="Questions, demos or help with your account — we usually reply within 24 hours."
      />
      <section className="pp-section">
        <div className="pp-wrap pp-grid pp-grid-4">
          {CONTACT_METHODS.map((m) => (
            <article key={m.title} className="pp-card">
              <div className="pp-card-icon">
                <Icon name="mail" />
              </div>
              <h2 style={{ fontSize: "1.15rem" }}>{m.title}</h2>
              <p className="pp-muted">{m.text}</p>
              <p>{m.detail}</p>
              <button type="button" className="pp-btn pp-btn-secondary pp-btn-sm" onClick={() => open(m.title)}>
                Contact Now<span className="pp-sr-only">: {m.title}</span>
              </button>
            </article>
          ))}
        </div>
      </section>
      <section className="pp-section pp-section-soft">
        <div className="pp-wrap pp-blog">
          <div className="pp-card">
            <h2>Send us a message</h2>
            <ContactForm idPrefix="page" subjectMode="select" />
          </div>
          <aside className="pp-grid" style={{ alignContent: "start" }} aria-label="More ways to reach us">
            <section className="pp-card" aria-labelledby="quick-info-title">
              <h2 id="quick-info-title" style={{ fontSize: "1.15rem" }}>
                Quick information
              </h2>
              <dl>
                {QUICK_INFO.map((q) => (
                  <div key={q.label} style={{ marginBottom: 10 }}>
                    <dt style={{ fontWeight: 600 }}>{q.label}</dt>
                    <dd style={{ margin: 0 }} className="pp-muted">
                      {q.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            <section className="pp-card pp-faq" aria-labelledby="contact-faq-title">
              <h2 id="contact-faq-title" style={{ fontSize: "1.15rem" }}>
                FAQ
              </h2>
              {CONTACT_FAQS.map((f) => (
                <details key={f.q}>
                  <summary>{f.q}</summary>
                  <p>{f.a}</p>
                </details>
              ))}
            </section>
            <section className="pp-card" aria-labelledby="urgent-title">
              <h2 id="urgent-title" style={{ fontSize: "1.15rem" }}>
                {URGENT_HELP.title}
              </h2>
              <p className="pp-muted">{URGENT_HELP.text}</p>
              <button
                type="button"
                className="pp-btn pp-btn-primary pp-btn-sm"
                onClick={() => open(undefined, URGENT_HELP.subject)}
              >
                Get Urgent Help
              </button>
            </section>
          </aside>
        </div>
      </section>
      <ContactDialog state={dialog} onClose={() => setDialog({ open: false })} />
    </>
  );
}
