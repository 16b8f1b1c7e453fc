// The public site's pathless layout: no admin auth, no Polaris, no App Bridge. Its
// own light stylesheet, the public header and footer, and security headers on every
// page under it (child routes inherit this headers function).
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import publicStyles from "~/styles/public.css?url";
import { PublicFooter } from "~/components/public/Chrome";
import { PublicHeader } from "~/components/public/Header";
import { ToastProvider } from "~/components/public/Toast";
import { env } from "~/env.server";
import { publicOrigin } from "~/platform/http.server";
import { publicSecurityHeaders } from "~/lib/security-headers";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    origin: publicOrigin(request),
    // Outside Shopify (the demo) there is no login: the demo store is open.
    signInHref: env.shopify ? "/auth/login" : "/dashboard",
  };
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of Object.entries(publicSecurityHeaders({ production: env.nodeEnv === "production" })))
    headers.set(name, value);
  return headers;
};

export default function PublicLayout() {
  const { signInHref } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className="pp-body">
      <a href="#main" className="pp-skip">
        Skip to content
      </a>
      <ToastProvider>
        <PublicHeader landing={pathname === "/"} signInHref={signInHref} />
        <main id="main">
          <Outlet />
        </main>
        <PublicFooter />
      </ToastProvider>
    </div>
  );
}
