// The public address of an invoice's hosted page (/i/{token}), for the API's wire
// format and for what the customer receives.
import { publicOrigin } from "~/platform/http.server";

export function hostedUrl(token: string, baseUrl?: string) {
  return `${baseUrl ?? publicOrigin()}/i/${token}`;
}
