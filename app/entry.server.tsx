import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { env } from "~/env.server";
import { shopify } from "~/shopify.server";
import "~/jobs.server";
import { startJobs } from "~/platform/jobs/index.server";
import { htmlCache, htmlCacheKey } from "~/platform/html-cache.server";
import { inlineCriticalCss } from "~/platform/critical-css.server";
import { bootAfterPaint } from "~/lib/boot-after-paint";
import { applyDocumentSecurityHeaders } from "~/lib/security-headers";
import { describeError } from "~/lib/log-safe";

// The production server (scripts/serve.mjs) runs each request through this, for the
// app's measured performance (docs/decisions/043-measured-performance.md).
export { observeRequest } from "~/platform/request-timing.server";

export const streamTimeout = 5000;

/**
 * Errors thrown by loaders, actions and rendering: logged as one masked, clipped line
 * (never the request's input or a customer's address); the response shows the error
 * boundary, never the stack.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  console.error(`[remix] ${request.method} ${new URL(request.url).pathname}: ${describeError(error)}`);
}

// Background jobs (invoice reminders, overdue, recurring; sync) run in the server
// process. startJobs() is idempotent and off under test or with JOBS_DISABLED=1.
void startJobs();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  if (env.shopify) shopify().addDocumentResponseHeaders(request, responseHeaders);
  applyDocumentSecurityHeaders(responseHeaders, { production: env.nodeEnv === "production" });
  const key = htmlCacheKey(request, responseStatusCode, remixContext.staticHandlerContext);
  responseHeaders.set("Content-Type", "text/html");
  const cached = key ? htmlCache.get(key) : undefined;
  if (cached !== undefined) return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  // The whole page first (no route streams deferred data), so an admin page's critical CSS can
  // be picked from its markup and inlined in its head.
  const html = await renderComplete(request, remixContext);
  if (html !== null) {
    // An admin page paints from its HTML before its scripts are fetched (docs/decisions/085-scripts-after-first-paint.md).
    const admin = remixContext.staticHandlerContext.matches.some((m) => m.route.id === "routes/_admin");
    const page = inlineCriticalCss(admin ? bootAfterPaint(html) : html);
    if (key) htmlCache.set(key, page);
    return new Response(page, { headers: responseHeaders, status: responseStatusCode });
  }
  // A render error: render again the usual way, so the error boundary handles it.
  const userAgent = request.headers.get("user-agent");
  const callbackName = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />,
      {
        [callbackName]: () => {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log on the server only; the page shows the error boundary, never the stack.
          if (shellRendered) console.error(`[render] ${describeError(error)}`);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** The whole page as a string (all data resolved), or null if anything failed while rendering. */
function renderComplete(request: Request, remixContext: EntryContext): Promise<string | null> {
  return new Promise<string | null>((resolve) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(failed ? null : Buffer.concat(chunks).toString("utf8")));
    body.on("error", () => resolve(null));
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />,
      {
        onAllReady() {
          pipe(body);
        },
        onShellError() {
          resolve(null);
        },
        onError() {
          failed = true;
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
