// The writer's calendar day in their own time zone (decision 0044): words and streaks count by it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // NOTE: en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** YYYY-MM-DD of `at` in `timeZone` (UTC when the zone is unknown to this runtime). */
export function localDay(at: Date, timeZone: string | null): string {
  try {
    return formatterFor(timeZone ?? "UTC").format(at);
  } catch {
    return formatterFor("UTC").format(at);
  }
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
