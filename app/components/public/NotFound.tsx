// The public site's not-found page (and, with another status, its error page) (an unknown blog article): inside the public header and
// footer, with ways back to the blog and home, answered with status 404 by the route that throws.
import { Link } from "@remix-run/react";

export function PublicNotFound({
  status = 404,
  title,
  text,
  back,
}: {
  status?: number;
  title: string;
  text: string;
  back: { label: string; to: string };
}) {
  return (
    <section className="pp-section pp-not-found" data-testid="public-not-found">
      <div className="pp-wrap pp-center">
        <span className="pp-eyebrow">Error {status}</span>
        <h1>{title}</h1>
        <p className="pp-lead">{text}</p>
        <div className="pp-btn-row pp-mt">
          <Link to={back.to} className="pp-btn pp-btn-primary">
            {back.label}
          </Link>
          <Link to="/" className="pp-btn pp-btn-secondary">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}
