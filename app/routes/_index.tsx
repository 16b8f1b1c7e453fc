// The landing page. Its full content arrives with the public-site issue; for now a
// plain page that links to the demo. Opened from the Shopify admin (with `shop`
// and `installed`, `host` or `embedded`), it goes straight to the dashboard.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { landingRedirect } from "../lib/landing";

export const meta: MetaFunction = () => [
  { title: "Profit Pilot — profit analytics and smart invoicing for Shopify" },
  { name: "description", content: "See what your Shopify store really earns: revenue, costs and net profit from your own data." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const target = landingRedirect(new URL(request.url));
  if (target) throw redirect(target);
  return null;
}

export function headers() {
  return { "Content-Security-Policy": "frame-ancestors 'none'", "Referrer-Policy": "strict-origin-when-cross-origin" };
}

export default function Landing() {
  return (
    <main style={{ fontFamily: "system-ui, -apple-system, sans-serif", maxWidth: 640, margin: "12vh auto", padding: 24, lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 32, marginBottom: 8 }}>Profit Pilot</h1>
      <p style={{ fontSize: 18, color: "#444" }}>
        Profit analytics for Shopify stores: revenue, cost of goods, ad spend and operating expenses in one honest net
        profit figure.
      </p>
      <p>
        <Link to="/dashboard" style={{ display: "inline-block", background: "#1a7f5a", color: "#fff", padding: "10px 18px", borderRadius: 8, textDecoration: "none", fontWeight: 600 }}>
          Open the demo dashboard
        </Link>
      </p>
    </main>
  );
}
