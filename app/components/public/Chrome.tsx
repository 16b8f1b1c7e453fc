// Footer, page hero and call to action of the public site (the header is in Header.tsx).
import { Link } from "@remix-run/react";
import { Logo } from "~/components/public/Header";
import { FOOTER_COLUMNS, SITE } from "~/content/site";

export function PublicFooter() {
  return (
    <footer className="pp-footer">
      <div className="pp-wrap">
        <div className="pp-footer-grid">
          <div>
            <Logo />
            <p className="pp-muted pp-mt">{SITE.tagline}.</p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2>{column.heading}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="pp-copy">
          © {new Date().getUTCFullYear()} {SITE.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function PageHero({ title, lead, eyebrow }: { title: string; lead?: string; eyebrow?: string }) {
  return (
    <section className="pp-page-hero">
      <div className="pp-wrap">
        {eyebrow && <span className="pp-eyebrow">{eyebrow}</span>}
        <h1>{title}</h1>
        {lead && <p className="pp-lead">{lead}</p>}
      </div>
    </section>
  );
}

export function CallToAction({
  title,
  text,
  primary,
  secondary,
}: {
  title: string;
  text?: string;
  primary: { label: string; to: string };
  secondary?: { label: string; to: string };
}) {
  return (
    <section className="pp-section">
      <div className="pp-wrap">
        <div className="pp-cta">
          <h2>{title}</h2>
          {text && <p>{text}</p>}
          <div className="pp-btn-row">
            <Link to={primary.to} className="pp-btn pp-btn-primary">
              {primary.label}
            </Link>
            {secondary && (
              <Link to={secondary.to} className="pp-btn pp-btn-secondary">
                {secondary.label}
              </Link>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
