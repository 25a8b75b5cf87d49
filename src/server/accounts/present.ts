// The only way a user leaves the server: no password, tokens or Stripe ids.
import { DEFAULT_READER_SETTINGS, storedReaderSettings } from "../../shared/schemas/reader-settings";
import type { SignInAnswer, UserView } from "../../shared/schemas/accounts";
import { roleOf } from "../moderation/roles";
import type { UserRow } from "../types";

export function presentUser(user: UserRow): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    description: user.description,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerified,
    authProvider: user.authProvider,
    isPremium: user.isPremium,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
    subscriptionCancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
    dailyPromptCount: user.dailyPromptCount,
    lastPromptDate: user.lastPromptDate,
    // Issue 31: a wrangler wrangles tags and moderates nothing (roleOf, which moderation reads, says 'user').
    role: user.role === "wrangler" ? "wrangler" : roleOf(user),
    readerSettings: storedReaderSettings(user.readerSettings) ?? DEFAULT_READER_SETTINGS,
  };
}

export function presentSignIn(user: UserRow): SignInAnswer {
  return { ...presentUser(user), firstSignIn: user.lastSignInAt === null };
}
