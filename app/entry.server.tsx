import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { env } from "./env.server";
import { shopify } from "./shopify.server";
import { startJobs } from "./services/jobs/index.server";

export const streamTimeout = 5000;

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
  responseHeaders.set("X-Content-Type-Options", "nosniff");
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
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
