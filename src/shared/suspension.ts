// How a suspension is told (issue 18): the same words at the password sign-in (the server's 403), after a Google
// sign-in (the auth page, from `?error=account_suspended&until=`) and in notifications.

/** A ban is a suspension to the far future: one column, one check everywhere. */
export const BANNED_UNTIL = new Date("9999-12-31T00:00:00.000Z");

export const isBan = (until: Date): boolean => until.getTime() >= BANNED_UNTIL.getTime();

/** "3 December 2026" (UTC): the day a suspension ends, as sign-in and notifications name it. */
export function formatEndDate(until: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    until,
  );
}

/** The sign-in refusal, naming the end date (a ban: permanently). */
export function suspendedMessage(until: Date): string {
  return isBan(until)
    ? "This account has been banned permanently for breaking the community rules."
    : `This account is suspended until ${formatEndDate(until)} for breaking the community rules.`;
}
