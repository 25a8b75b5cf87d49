// The time a writer picks, in their own time zone: a datetime-local field's value and back to an ISO instant.

const pad = (n: number) => String(n).padStart(2, "0");

/** The field's value for `date` in the browser's time zone ('2027-03-01T18:00'). */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The field's value as an ISO 8601 instant, or null when it is empty or no time. */
export function isoFromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A suggested time: the next whole hour at least an hour ahead. */
export function suggestedTime(now = new Date()): Date {
  const next = new Date(now.getTime() + 60 * 60_000);
  next.setMinutes(0, 0, 0);
  return next.getTime() - now.getTime() < 60 * 60_000 ? new Date(next.getTime() + 60 * 60_000) : next;
}

const WHEN = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** 'Mon, 1 Mar 2027, 18:00' in the browser's time zone. */
export const formatReleaseTime = (iso: string) => WHEN.format(new Date(iso));
