// When a message may go: not inside the quiet hours of the customer's time zone (their address's,
// decision 117; the shop's when the address does not tell) and not within the frequency cap of the
// last marketing message the customer received from this shop.

export type TimingRules = { quietStartHour: number; quietEndHour: number; frequencyCapHours: number };

function inQuiet(hour: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

// A formatter per zone, made once: building one costs more than formatting with it.
const clocks = new Map<string, Intl.DateTimeFormat>();

function localClock(at: Date, timeZone: string): { hour: number; minute: number; second: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The first instant at or after `at` outside the quiet hours in `timeZone` (DST-safe: hour by hour). */
export function afterQuietHours(at: Date, timeZone: string, start: number, end: number): Date {
  const clock = localClock(at, timeZone);
  if (!inQuiet(clock.hour, start, end)) return at;
  // From the start of the local hour, forward one real hour at a time until the clock leaves
  // the quiet hours; a DST change moves the local clock, never the count.
  let t = at.getTime() - (clock.minute * 60 + clock.second) * 1000 - (at.getTime() % 1000);
  for (let i = 0; i < 48; i++) {
    t += 3_600_000;
    if (!inQuiet(localClock(new Date(t), timeZone).hour, start, end)) return new Date(t);
  }
  return new Date(t);
}

/** When the message may be sent: the due time moved past the cap and then past the quiet hours. */
export function sendableAt(due: Date, lastSentAt: Date | null, timeZone: string, rules: TimingRules): Date {
  let at = due;
  if (lastSentAt) {
    const capEnd = new Date(lastSentAt.getTime() + rules.frequencyCapHours * 3_600_000);
    if (capEnd > at) at = capEnd;
  }
  return afterQuietHours(at, timeZone, rules.quietStartHour, rules.quietEndHour);
}
