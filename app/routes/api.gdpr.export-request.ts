// POST /api/gdpr/export-request { email }: records a portability request and e-mails
// a signed, expiring download link. The answer is the same for every valid address.
import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { badRequest, json, publicOrigin, readJson } from "~/platform/http.server";
import { withPublicSecurityHeaders } from "~/lib/security-headers";
import { fieldErrorsOf } from "~/lib/forms";
import { exportRequestSchema } from "~/features/privacy";
import { EXPORT_REQUEST_MESSAGE, requestDataExport } from "~/features/privacy/index.server";
import { clientKey, consume } from "~/platform/rate-limit.server";

function secure(response: Response): Response {
  return new Response(response.body, {
    status: response.status,
    headers: withPublicSecurityHeaders(response.headers, env.nodeEnv === "production"),
  });
}

export async function loader() {
  return secure(json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } }));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return secure(json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } }));
  const body = await readJson(request);
  if (!body.ok) return secure(body.response);
  const parsed = exportRequestSchema.safeParse(body.body);
  if (!parsed.success) return secure(badRequest(fieldErrorsOf(parsed.error), "Enter a valid e-mail address."));
  const email = parsed.data.email;
  const limited = await consume([
    ["exportByClient", clientKey(request)],
    ["exportByAddress", email],
  ]);
  if (limited) return secure(limited);
  await requestDataExport(email, publicOrigin(request));
  return secure(json({ message: EXPORT_REQUEST_MESSAGE }, { status: 202 }));
}
