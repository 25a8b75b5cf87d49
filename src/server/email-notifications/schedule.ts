// When a user's pending notification email is due (docs/decisions/0030-notification-email.md).
//   hourly: at most one email an hour. With none in the last hour the email goes out on the worker's next pass
//           (woken at once, else within 20 s); otherwise it waits for the hour since the last one to end, and
//           everything pending by then goes together.
//   daily:  one digest at 08:00 in the user's time zone, of everything that arrived before that 08:00.
export type Cadence = "hourly" | "daily";

export const HOUR_MS = 60 * 60 * 1000;
export const DIGEST_HOUR = 8;

export interface DueInput {
  cadence: string;
  timeZone: string;
  lastSentAt: Date | null;
  /** The oldest pending notification. */
  oldest: Date;
}

export function isDue(input: DueInput, now: Date): boolean {
  if (input.cadence === "daily") return input.oldest.getTime() < lastDigestTime(now, input.timeZone).getTime();
  return !input.lastSentAt || now.getTime() - input.lastSentAt.getTime() >= HOUR_MS;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { y: parts.year!, m: parts.month!, d: parts.day!, h: parts.hour!, min: parts.minute!, s: parts.second! };
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The latest 08:00 in the zone at or before `now` (an unknown zone counts as UTC). */
export function lastDigestTime(now: Date, timeZone: string): Date {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const w = wallClock(now, zone);
  const day = Date.UTC(w.y, w.m - 1, w.d) - (w.h < DIGEST_HOUR ? 24 * HOUR_MS : 0);
  const wall = day + DIGEST_HOUR * HOUR_MS;
  // NOTE: the offset at 08:00 itself, found in two steps, so a day when the clocks change still lands on 08:00.
  let instant = wall - offsetMs(new Date(wall), zone);
  instant = wall - offsetMs(new Date(instant), zone);
  return new Date(instant);
}

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
