// Instants shown in the shop's time zone, so the server and the browser render the same text.
const cache = new Map<string, Intl.DateTimeFormat>();

export function instantFormatter(timeZone: string): (iso: string | null) => string {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    cache.set(timeZone, f);
  }
  const formatter = f;
  return (iso) => (iso ? formatter.format(new Date(iso)) : "Never");
}
