// The shop's local date-time (YYYY-MM-DDTHH:mm, the form's value) to and from an instant.
function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at;
}

export function localToInstant(local: string, timeZone: string): Date {
  const [d, t] = local.split("T");
  const [y, m, day] = d.split("-").map(Number);
  const [h, min] = t.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, day, h, min);
  let at = wall - offsetMs(wall, timeZone);
  at = wall - offsetMs(at, timeZone);
  return new Date(at);
}

export function instantToLocal(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetMs(at.getTime(), timeZone)).toISOString().slice(0, 16);
}
