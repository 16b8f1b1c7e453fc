// The public pages' section frame and numbered-steps list, written once.
import type { ReactNode } from "react";

export function Section({ title, soft, children }: { title: string; soft?: boolean; children: ReactNode }) {
  return (
    <section className={soft ? "pp-section pp-section-soft" : "pp-section"}>
      <div className="pp-wrap">
        <div className="pp-section-head">
          <h2>{title}</h2>
        </div>
        {children}
      </div>
    </section>
  );
}

export function StepList({ steps, columns }: { steps: readonly { title: string; text: string }[]; columns: 3 | 4 }) {
  return (
    <ol className={`pp-steps pp-grid pp-grid-${columns}`}>
      {steps.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p className="pp-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
