// Users and what hangs off an account: sessions, password resets, referrals.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    password: text("password"),
    email: text("email").notNull(),
    description: text("description"),
    createdAt: createdAt(),
    emailVerified: boolean("email_verified").notNull().default(false),
    // NOTE: holds the SHA-256 of the emailed token, never the token itself.
    verificationToken: text("verification_token"),
    verificationTokenExpiry: timestamp("verification_token_expiry", { withTimezone: true, mode: "date" }),
    googleId: text("google_id").unique(),
    authProvider: text("auth_provider").notNull().default("email"),
    isPremium: boolean("is_premium").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id").unique(),
    subscriptionId: text("subscription_id"),
    subscriptionStatus: text("subscription_status"),
    subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true, mode: "date" }),
    lastStripeSync: timestamp("last_stripe_sync", { withTimezone: true, mode: "date" }),
    // FicForge Plus (issue 10). The payment provider's time (event `created`) of the subscription state held above:
    // an event older than it changes nothing, so events arriving out of order cannot bring back an older state.
    subscriptionStateAt: timestamp("subscription_state_at", { withTimezone: true, mode: "date" }),
    // The subscriber canceled: the plan ends at subscriptionExpiresAt instead of renewing.
    subscriptionCancelAtPeriodEnd: boolean("subscription_cancel_at_period_end").notNull().default(false),
    dailyPromptCount: integer("daily_prompt_count").notNull().default(0),
    lastPromptDate: date("last_prompt_date", { mode: "string" }),
    bonusPrompts: integer("bonus_prompts").notNull().default(0),
    // Null until the first sign-in, so the app can greet a first-time user differently from a returning one.
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true, mode: "date" }),
    referralCode: text("referral_code").unique(),
    // Issue 18 (moderation): 'user', 'moderator' or 'admin', granted only from the command line (npm run admin).
    role: text("role").notNull().default("user"),
    // Suspended (or banned: the far future, BANNED_UNTIL in visibility/standing.ts) until this time: sign-in is
    // refused, sessions do not resolve, public works and comments are hidden. Null or past: in good standing.
    suspendedUntil: timestamp("suspended_until", { withTimezone: true, mode: "date" }),
    // Issue 29: the reader's AI filter where a list's URL does not say ('any' | 'assisted' | 'none').
    readingAi: text("reading_ai").notNull().default("any"),
    // Issue 30: whether others may invite this user to co-create a work (Settings; off: an invitation is a 403).
    coCreatorInvites: boolean("co_creator_invites").notNull().default(true),
    // Issue 31: the reader's page (shared/schemas/reader-settings.ts: font, size, width, spacing, theme, hideTags);
    // null until changed. Signed-out visitors keep the same settings in a cookie.
    readerSettings: jsonb("reader_settings"),
    // The languages Discover shows by default (BCP 47 codes); null: the browser's (Accept-Language).
    readingLanguages: text("reading_languages").array(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_verification_token_idx").on(t.verificationToken),
    // Search finds an author by a misspelt name (reading/search.ts).
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    // The scheduled check for paid periods that ended without a renewal.
    index("users_premium_expiry_idx").on(t.subscriptionExpiresAt).where(sql`${t.isPremium}`),
    // Every list leaves out suspended authors (visibility/standing.ts): the few suspended accounts, answered from
    // this index instead of a scan of every user per query (decision 0072).
    index("users_suspended_idx").on(t.id, t.suspendedUntil).where(sql`${t.suspendedUntil} is not null`),
    check("users_auth_provider_check", sql`${t.authProvider} in ('email', 'google', 'both')`),
    check("users_reading_ai_check", sql`${t.readingAi} in ('any', 'assisted', 'none')`),
    // Issue 31: 'wrangler' may wrangle tags (moderators and admins may too).
    check("users_role_check", sql`${t.role} in ('user', 'wrangler', 'moderator', 'admin')`),
    check("users_prompt_count_check", sql`${t.dailyPromptCount} >= 0 and ${t.bonusPrompts} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // NOTE: the SHA-256 (hex) of the cookie's 32 random bytes; a database leak yields no usable session.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    // Issue 18 (Settings → sessions): the id the API names a session by (never the hash above), the browser's
    // User-Agent at sign-in, when it was last used (written at most every few minutes), and when the person last
    // proved who they are in it (sign-in, or a password typed since), for routes that want a recent sign-in.
    publicId: text("public_id").notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    userAgent: text("user_agent"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Browsers that have signed in to an account before ("device cookies"): their failed sign-ins are counted apart
 * from everyone else's, so an attacker's failures cannot lock the owner out of their own account.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    // NOTE: the SHA-256 (hex) of the cookie's random token, as for sessions.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId), index("trusted_devices_used_idx").on(t.lastUsedAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // One referral per new account: a user can only have been referred once.
    referredUserId: integer("referred_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    bonusGrantedAt: timestamp("bonus_granted_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId)],
);
