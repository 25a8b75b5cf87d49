// Settings → Account and security (issue 18 section 3): what the account routes accept and answer.
import { z } from "zod";
import { Email, Password } from "./accounts";

const CurrentPassword = z.string().max(128, "Password must be less than 128 characters");

/** POST /api/account/password. `currentPassword` may be empty only for an account without one (Google only). */
export const ChangePasswordBody = z.object({ currentPassword: CurrentPassword.default(""), newPassword: Password });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /api/account/email. */
export const ChangeEmailBody = z.object({ newEmail: Email, currentPassword: CurrentPassword.default("") });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

export const STORY_FATES = ["delete", "orphan"] as const;

/** DELETE /api/account. */
export const DeleteAccountBody = z.object({
  username: z.string().trim().min(1, "Type your username to confirm").max(64),
  currentPassword: CurrentPassword.default(""),
  stories: z.enum(STORY_FATES, { message: 'Choose "delete" or "orphan" for your published stories' }),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const SessionView = z.object({
  /** Opaque; never the session's cookie or its hash. */
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;

export const SessionList = z.object({ items: z.array(SessionView) });
export type SessionList = z.infer<typeof SessionList>;

/** DELETE /api/account/sessions/:id. */
export const SessionIdParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, "Unknown session") });

/** What signing sessions out ended; `current`: this browser's own session was among them. */
export const EndedSessions = z.object({ ended: z.number().int(), current: z.boolean() });

/** What Settings shows about how the account signs in; `pendingEmail`: a change whose link has not been opened yet. */
export const SignInMethods = z.object({
  hasPassword: z.boolean(),
  google: z.boolean(),
  googleAvailable: z.boolean(),
  pendingEmail: z.object({ address: z.string(), expiresAt: z.string() }).nullable(),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** GET /api/account/export/status: when the next export is possible (null: now). */
export const ExportStatus = z.object({ nextExportAt: z.string().nullable() });

/** Where the emailed change and undo links land: /email-change?status=… */
export const EMAIL_CHANGE_STATUSES = ["confirmed", "undone", "invalid", "in-use"] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];
