// The pathless layout of every admin screen: authenticates the shop (or the demo
// store) and renders Polaris, App Bridge (embedded only) and the app shell.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppProvider as PolarisAppProvider } from "@shopify/polaris";
import { AppProvider as ShopifyAppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import { boundary } from "@shopify/shopify-app-remix/server";
import en from "@shopify/polaris/locales/en.json";
import { AppShell } from "~/components/AppShell";
import { PRIMARY_NAV, SECONDARY_NAV } from "~/components/navigation";
import { PolarisLink } from "~/components/PolarisLink";
import { useHeaderSearch } from "~/features/search";
import { VitalsReporter } from "~/features/telemetry";
import { env } from "~/env.server";
import { listNotificationsCached } from "~/features/shop/index.server";
import { planLabel } from "~/features/shop/index.server";
import { getTheme } from "~/features/settings/index.server";
import { usePolarisTheme } from "~/components/usePolarisTheme";
import { requireStaff } from "~/features/shop/index.server";
import {
  ROLE_LABELS,
  SeatLimitScreen,
  StaffProvider,
  ViewAsSwitch,
  type Role,
  type RoutePermissions,
} from "~/features/team";
import { ownerOf } from "~/features/team/index.server";
import { planFor } from "~/features/billing";
import { PageError } from "~/components/PageError";

// Polaris's stylesheet (after the page's critical CSS) and the dark theme's (only when the theme
// can be dark) are linked by the root layout.

// The layout authenticates without a permission check: a member without a seat sees the
// seat screen here instead of the page (every page's own loader refuses them with a 403).
export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireStaff(request);
  const plan = planFor(ctx.shop.plan);
  return {
    staff: { id: ctx.staff.id, name: ctx.staff.name, role: ctx.staff.role },
    seat: ctx.staff.seated
      ? null
      : { planName: plan.name, seats: plan.seats ?? 0, ownerName: (await ownerOf(ctx.shop.id))?.name ?? null },
    viewAs: ctx.demoTeam?.map((m) => ({ id: m.id, name: m.name, role: m.role as Role })) ?? null,
    apiKey: ctx.demo ? null : (env.shopify?.apiKey ?? null),
    demo: ctx.demo,
    storeName: ctx.shop.name,
    planLabel: planLabel(ctx.shop.plan),
    staffName: ctx.staff.name,
    staffInitials: ctx.staff.initials,
    notifications: ctx.staff.seated ? await listNotificationsCached(ctx.shop, ctx.staff) : [],
    // Read by the root layout too, to put the theme on <html> in the server render.
    theme: await getTheme(ctx.shop.id),
  };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  return <AdminShell data={data}>{data.seat ? <SeatLimitScreen {...data.seat} /> : <Outlet />}</AdminShell>;
}

/** Polaris, App Bridge (embedded only) and the app shell around `children`. */
function AdminShell({ data, children }: { data: LayoutData; children: ReactNode }) {
  const search = useHeaderSearch();
  const theme = usePolarisTheme(data.theme);
  const shell = (
    <AppShell
      storeName={data.storeName}
      planLabel={data.planLabel}
      staffName={`${data.staffName} · ${ROLE_LABELS[data.staff.role]}`}
      staffInitials={data.staffInitials}
      demo={data.demo}
      notifications={data.notifications}
      search={search}
      demoExtra={data.viewAs && <ViewAsSwitch members={data.viewAs} currentId={data.staff.id} />}
    >
      <StaffProvider staff={data.staff}>{children}</StaffProvider>
      <VitalsReporter />
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
// are; any other error gets a plain message, never a stack trace. When the layout itself
// loaded (a page refused a role, or found nothing), the message stays inside the app's shell,
// with the navigation, so the member can go on; otherwise it is a bare page.
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/_admin");
  if (isRouteErrorResponse(error) && error.status < 400) return boundary.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && (status < 500 || status === 503)
      ? error.data
      : "Something went wrong while loading this page. Please try again.";
  if (layout)
    return (
      <AdminShell data={layout}>
        <PageError status={status} message={message} />
      </AdminShell>
    );
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 560, margin: "15vh auto", padding: 24 }}>
      <h1 style={{ fontSize: 22 }}>{status === 404 ? "Not found" : "This page could not be loaded"}</h1>
      <p>{message}</p>
    </main>
  );
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
