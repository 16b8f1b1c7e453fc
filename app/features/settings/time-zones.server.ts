// The time zones the General tab offers: every IANA zone this runtime knows, listed on
// the server so the page renders the same list the action accepts.
import { isIanaTimeZone } from "~/features/settings/general-schema";

let cached: string[] | null = null;

/** UTC first, then the runtime's canonical zones, plus the shop's own if it is an alias. */
export function timeZoneOptions(...include: (string | null)[]): string[] {
  const all = (cached ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")]);
  const extra = include.filter((z): z is string => !!z && isIanaTimeZone(z) && !all.includes(z));
  return extra.length ? [...extra, ...all] : all;
}
