import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AUTO_THEME_SCRIPT, DARK_THEME_CLASS, DARK_QUERY, asTheme } from "~/lib/theme";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { CRITICAL_CSS_SLOT } from "~/lib/critical-css";
import adminDarkStyles from "~/styles/admin-dark.css?url";
import { replayEarlyInput } from "~/lib/early-input";

/**
 * A route whose `handle` says `{ hydrate: false }` is served as plain HTML with no
 * JavaScript (static public pages: docs/decisions/028-static-public-pages.md).
 */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/**
 * Polaris's stylesheet applied once it has loaded: the server renders it as a print stylesheet,
 * which does not block the first paint (the page paints from the critical CSS inlined above it).
 */
const APPLY_POLARIS = `(function(l){function a(){l.media="all"}l.sheet?a():l.addEventListener("load",a)})(document.getElementById("pp-polaris"))`;

/**
 * Polaris for an admin page: the critical CSS the server inlines for the page's markup
 * (platform/critical-css.server.ts), then the whole stylesheet, loaded without blocking
 * (docs/decisions/082-critical-css.md). The browser renders the link as an ordinary stylesheet
 * when it creates it (an admin page reached by a client-side navigation); the attributes that
 * differ from the server's are left as the server's by hydration.
 */
function PolarisStyles() {
  const server = typeof document === "undefined";
  return (
    <>
      <style id="pp-critical" dangerouslySetInnerHTML={{ __html: CRITICAL_CSS_SLOT }} suppressHydrationWarning />
      <link
        rel="stylesheet"
        href={polarisStyles}
        id="pp-polaris"
        media={server ? "print" : undefined}
        suppressHydrationWarning
      />
      {/* A script React creates in the browser never runs, so it is rendered on both sides alike. */}
      <script dangerouslySetInnerHTML={{ __html: APPLY_POLARIS }} />
    </>
  );
}

/** The admin's theme (Settings → General) from the admin layout's data; public pages are light. */
function useAdminTheme() {
  const admin = useRouteLoaderData<{ theme?: string }>("routes/_admin");
  return admin?.theme ? asTheme(admin.theme) : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const hydrate = useHydrate();
  const theme = useAdminTheme();
  const admin = useMatches().some((m) => m.id === "routes/_admin");
  // An admin page's scripts load after its first paint (the server holds them back:
  // lib/boot-after-paint.ts); what the user did meanwhile is done again once hydrated.
  useEffect(() => void replayEarlyInput(), []);
  return (
    // Polaris's AppProvider also sets the theme class here once mounted; "auto" is decided
    // by the script below before the first paint, so the server's markup may differ.
    <html
      lang="en"
      data-theme={theme ?? undefined}
      className={theme === "dark" ? DARK_THEME_CLASS : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        {theme === "auto" && <script dangerouslySetInnerHTML={{ __html: AUTO_THEME_SCRIPT }} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {admin && <PolarisStyles />}
        {/* Polaris's dark tokens completed (admin-dark.css): only for a dark or automatic theme, and
            for "auto" only while the system is dark, so a light page never waits for it. */}
        {theme === "dark" && <link rel="stylesheet" href={adminDarkStyles} />}
        {theme === "auto" && <link rel="stylesheet" href={adminDarkStyles} media={DARK_QUERY} />}
      </head>
      <body>
        {children}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last line of defence: a plain message, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === "string"
      ? error.data
      : "Something went wrong on our side. Please try again in a moment.";
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 560, margin: "15vh auto", padding: 24 }}>
      <h1 style={{ fontSize: 24 }}>{status === 404 ? "404 Page Not Found" : "Something went wrong"}</h1>
      <p>{message}</p>
      <p>
        <a href="/">Back to Home</a>
      </p>
    </main>
  );
}
