// The pathless layout of every admin screen: authenticates the shop (or the demo
// store) and renders Polaris, App Bridge (embedded only) and the app shell.
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { AppProvider as PolarisAppProvider } from "@shopify/polaris";
import { AppProvider as ShopifyAppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import { boundary } from "@shopify/shopify-app-remix/server";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import adminDarkStyles from "~/styles/admin-dark.css?url";
import en from "@shopify/polaris/locales/en.json";
import { AppShell } from "~/components/AppShell";
import { PRIMARY_NAV, SECONDARY_NAV } from "~/components/navigation";
import { PolarisLink } from "~/components/PolarisLink";
import { useHeaderSearch } from "~/features/search";
import { env } from "~/env.server";
import { listNotificationsCached } from "~/features/shop/index.server";
import { planLabel } from "~/features/shop/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import { getTheme } from "~/features/settings/index.server";
import { usePolarisTheme } from "~/components/usePolarisTheme";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  // Completes Polaris 13's dark tokens; applies only under its dark class.
  { rel: "stylesheet", href: adminDarkStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  return {
    apiKey: ctx.demo ? null : (env.shopify?.apiKey ?? null),
    demo: ctx.demo,
    storeName: ctx.shop.name,
    planLabel: planLabel(ctx.shop.plan),
    staffName: ctx.staff.name,
    staffInitials: ctx.staff.initials,
    notifications: await listNotificationsCached(ctx.shop),
    // Read by the root layout too, to put the theme on <html> in the server render.
    theme: await getTheme(ctx.shop.id),
  };
}

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  const search = useHeaderSearch();
  const theme = usePolarisTheme(data.theme);
  const shell = (
    <AppShell
      storeName={data.storeName}
      planLabel={data.planLabel}
      staffName={data.staffName}
      staffInitials={data.staffInitials}
      demo={data.demo}
      notifications={data.notifications}
      search={search}
    >
      <Outlet />
    </AppShell>
  );
  if (data.apiKey) {
    return (
      <ShopifyAppProvider isEmbeddedApp apiKey={data.apiKey} theme={theme}>
        <NavMenu>
          {[...PRIMARY_NAV, ...SECONDARY_NAV].map((item, i) => (
            <Link key={item.url} to={item.url} rel={i === 0 ? "home" : undefined}>
              {item.label}
            </Link>
          ))}
        </NavMenu>
        {shell}
      </ShopifyAppProvider>
    );
  }
  // Demo: Polaris only. App Bridge's script would send a page opened outside the admin away.
  return (
    <PolarisAppProvider i18n={en} linkComponent={PolarisLink} theme={theme}>
      {shell}
    </PolarisAppProvider>
  );
}

// Shopify's auth flow throws pages (bounce, exit-iframe) that must render as they
// are; any other error gets a plain message, never a stack trace.
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 400) return boundary.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && (status < 500 || status === 503)
      ? error.data
      : "Something went wrong while loading this page. Please try again.";
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 560, margin: "15vh auto", padding: 24 }}>
      <h1 style={{ fontSize: 22 }}>{status === 404 ? "Not found" : "This page could not be loaded"}</h1>
      <p>{message}</p>
    </main>
  );
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
