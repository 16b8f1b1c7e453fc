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
import type { ReactNode } from "react";
import { AUTO_THEME_SCRIPT, DARK_THEME_CLASS, DARK_QUERY, asTheme } from "~/lib/theme";
import adminDarkStyles from "~/styles/admin-dark.css?url";

/**
 * A route whose `handle` says `{ hydrate: false }` is served as plain HTML with no
 * JavaScript (static public pages: docs/decisions/028-static-public-pages.md).
 */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/** The admin's theme (Settings → General) from the admin layout's data; public pages are light. */
function useAdminTheme() {
  const admin = useRouteLoaderData<{ theme?: string }>("routes/_admin");
  return admin?.theme ? asTheme(admin.theme) : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const hydrate = useHydrate();
  const theme = useAdminTheme();
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
