// Account validation rules (registration, login, social sign-up, profile) with the messages users see.
import { ReaderSettings } from "./reader-settings";
import { z } from "zod";
import * as L from "../limits";
import { missingCharactersMessage } from "../password-strength";

export const USERNAME_PATTERN = /^[a-zA-Z0-9_]+$/;
export const PROFILE_USERNAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
export { PASSWORD_SPECIALS } from "../password-strength";

export const Username = z
  .string()
  .min(L.USERNAME_MIN, "Username must be at least 3 characters")
  .max(L.USERNAME_MAX, "Username must be less than 15 characters")
  .regex(USERNAME_PATTERN, "Username can only contain letters, numbers, and underscores");

export const Email = z
  .string()
  .trim()
  .max(L.EMAIL_MAX, "Email must be less than 255 characters")
  .pipe(z.email("Invalid email address"));

export const Password = z
  .string()
  .min(L.PASSWORD_MIN, "Password must be at least 8 characters")
  .max(L.PASSWORD_MAX, "Password must be less than 128 characters")
  .superRefine((password, ctx) => {
    // The same rule set as the strength meter; the message names only the kinds of character missing.
    const message = missingCharactersMessage(password);
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const Description = z.string().max(L.DESCRIPTION_MAX, "Description must be less than 240 characters");

/** What POST /api/register accepts. */
export const RegisterBody = z.object({
  username: Username,
  email: Email,
  password: Password,
  description: Description.optional(),
  ref: z.string().max(64).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** The sign-up form: the body plus a confirmation that is removed before sending. */
export const RegisterForm = RegisterBody.omit({ ref: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type RegisterForm = z.infer<typeof RegisterForm>;

export const LoginBody = z.object({
  email: z.string().trim().pipe(z.email("Invalid email address")),
  password: z.string().min(1, "Password is required"),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AUTH_PROVIDERS = ["email", "google", "both"] as const;
export const AuthProvider = z.enum(AUTH_PROVIDERS);
export type AuthProvider = z.infer<typeof AuthProvider>;

export const SocialSignUp = z.object({
  username: Username,
  email: Email,
  description: Description.optional(),
  googleId: z.string(),
  authProvider: AuthProvider.default("google"),
});
export type SocialSignUp = z.infer<typeof SocialSignUp>;

const ProfileUsername = z
  .string()
  .min(L.PROFILE_USERNAME_MIN, "Username must be at least 3 characters")
  .max(L.PROFILE_USERNAME_MAX, "Username must be at most 10 characters")
  .regex(PROFILE_USERNAME_PATTERN, "Username can only contain letters, numbers, hyphens, and underscores");

const ProfileDescription = z
  .string()
  .max(L.PROFILE_DESCRIPTION_MAX, "Description must be at most 280 characters")
  .or(z.literal(""))
  .optional();

/** The profile schema (username 3 to 10, description up to 280), for a new username. */
export const ProfileUpdate = z.object({ username: ProfileUsername, description: ProfileDescription });

/** What PATCH /api/user accepts before it knows whose profile it is; `profileUpdateFor` then decides. */
export const ProfileUpdateBody = z.object({ username: z.string(), description: ProfileDescription });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/**
 * The profile rules for a user whose username is `current`. Sign-up allows 15 characters, the profile
 * schema 10: checking an unchanged name would keep such users from saving anything in Settings, so the
 * profile rule applies to the username only when it changes.
 */
export function profileUpdateFor(current: string) {
  return ProfileUpdate.extend({
    username: z.string().superRefine((username, ctx) => {
      if (username === current) return;
      const checked = ProfileUsername.safeParse(username);
      for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message });
    }),
  });
}
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const ForgotPasswordBody = z.object({ email: LoginBody.shape.email });
export const ResendVerificationBody = ForgotPasswordBody;
export const ResetPasswordBody = z.object({ token: z.string().min(1), password: Password });

// ---- Account answers, shared by server and client ----

/**
 * GET /api/user, PATCH /api/user and the other answers that carry the signed-in user, as server/accounts/present.ts
 * presents them: no password, tokens or Stripe ids.
 */
export const UserView = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  authProvider: z.string(),
  isPremium: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  /** The end of the paid period: the renewal date, or the day the plan ends when canceled. */
  subscriptionExpiresAt: z.string().nullable(),
  /** The subscriber canceled: the plan ends at subscriptionExpiresAt instead of renewing. */
  subscriptionCancelAtPeriodEnd: z.boolean(),
  dailyPromptCount: z.number().int(),
  lastPromptDate: z.string().nullable(),
  /**
   * Issue 18: 'moderator' and 'admin' see Moderation in the sidebar (the server checks the role on every call); issue
   * 31: 'wrangler', moderators and admins see Tag wrangling.
   */
  role: z.enum(["user", "wrangler", "moderator", "admin"]).optional(),
  /** Issue 31: how they read (the defaults until they choose), so the app draws the reader without another call. */
  readerSettings: ReaderSettings.optional(),
});
export type UserView = z.infer<typeof UserView>;

/** POST /api/login's answer: the user, and whether this is their first sign-in (the app greets them differently). */
export const SignInAnswer = UserView.extend({ firstSignIn: z.boolean() });
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** The answers that only say what happened, in words the app shows. */
export const MessageAnswer = z.object({ message: z.string() });

/** GET /api/auth/providers: which outside sign-ins this server offers. */
export const AuthProviders = z.object({ google: z.boolean() });

/** GET /api/referral. */
export const ReferralAnswer = z.object({
  code: z.string(),
  /** `${APP_URL}/auth?ref=CODE` */
  url: z.string(),
  /** Accounts that signed up with the code and verified their email. */
  credited: z.number().int(),
});
export type ReferralAnswer = z.infer<typeof ReferralAnswer>;
