// Header and footer of the public site. The landing page has the sticky header
// with section links (docs/product/public-site.md); every other public page has Back to Home, the
// logo and Get Started (docs/product/public-site.md).
import { Link } from "@remix-run/react";
import { APP_LINKS, FOOTER_COLUMNS, LANDING_NAV, SITE } from "~/content/site";

function Logo() {
  return (
    <Link to="/" className="pp-logo">
      <span className="pp-logo-mark" aria-hidden="true">
        PP
      </span>
      {SITE.name}
    </Link>
  );
}

export function PublicHeader({ landing, signInHref }: { landing: boolean; signInHref: string }) {
  return (
    <header className="pp-header">
      <div className="pp-wrap">
        {!landing && (
          <Link to="/" className="pp-btn pp-btn-ghost pp-btn-sm">
            ← Back to Home
          </Link>
        )}
        <Logo />
        {landing && (
          <nav className="pp-nav" aria-label="Main">
            {LANDING_NAV.map((item) => (
              <Link key={item.to} to={item.to}>
                {item.label}
              </Link>
            ))}
          </nav>
        )}
        <div className="pp-header-actions">
          {landing && (
            <Link to={signInHref} className="pp-btn pp-btn-ghost pp-btn-sm">
              Sign In
            </Link>
          )}
          <Link to={APP_LINKS.dashboard} className="pp-btn pp-btn-primary pp-btn-sm">
            Get Started
          </Link>
        </div>
      </div>
    </header>
  );
}

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
