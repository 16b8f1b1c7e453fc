// The public pages' repeated blocks, written once: section frame, numbered steps, cards, figures.
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

/** A grid of title-and-text cards. */
export function CardGrid({
  cards,
  columns,
}: {
  cards: readonly { title: string; text: string }[];
  columns: 2 | 3 | 4;
}) {
  return (
    <div className={`pp-grid pp-grid-${columns}`}>
      {cards.map((card) => (
        <article key={card.title} className="pp-card">
          <h3>{card.title}</h3>
          <p className="pp-muted">{card.text}</p>
        </article>
      ))}
    </div>
  );
}

/** Headline figures (value over label); the class sets the grid and its spacing. */
export function StatGrid({
  stats,
  className,
}: {
  stats: readonly { value: string; label: string }[];
  className: string;
}) {
  return (
    <div className={className}>
      {stats.map((s) => (
        <div key={s.label} className="pp-stat">
          <span className="pp-stat-value">{s.value}</span>
          <span className="pp-stat-label">{s.label}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * A table's frame: on a narrow screen the table scrolls inside it, not the page. Keyboard users
 * reach it (tabIndex) and screen readers announce it by name, as a scrollable region must be.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pp-table-wrap pp-mt" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
