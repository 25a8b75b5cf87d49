// How notification emails reach a user (issue 17 §2): as they happen (at most one an hour) or as a daily digest,
// and whether notification email is on at all (an unsubscribe link turns it off).
import { z } from "zod";

export const EMAIL_CADENCES = ["hourly", "daily"] as const;
export type EmailCadence = (typeof EMAIL_CADENCES)[number];

export const TIME_ZONE_RULE = "Time zone must be an IANA time zone name such as Europe/Paris";

export const EmailSettingsUpdate = z.object({
  cadence: z.enum(EMAIL_CADENCES, { error: "Cadence must be hourly or daily" }),
  timeZone: z
    .string()
    .min(1, TIME_ZONE_RULE)
    .max(64, TIME_ZONE_RULE)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, TIME_ZONE_RULE),
  emailOn: z.boolean(),
});
export type EmailSettingsUpdate = z.infer<typeof EmailSettingsUpdate>;

/** GET and PUT /api/email-settings. */
export const EmailSettingsView = z.object({
  cadence: z.enum(EMAIL_CADENCES),
  timeZone: z.string(),
  emailOn: z.boolean(),
  emailVerified: z.boolean(),
  /** The hour, in `timeZone`, the daily digest goes out. */
  digestHour: z.number().int(),
});
export type EmailSettingsView = z.infer<typeof EmailSettingsView>;
