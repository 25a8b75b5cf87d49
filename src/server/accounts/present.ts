// The only way a user leaves the server: no password, tokens or Stripe ids.
import type { UserRow } from "../types";

export interface PresentedUser {
  id: number;
  username: string;
  email: string;
  description: string | null;
  createdAt: string;
  emailVerified: boolean;
  authProvider: string;
  isPremium: boolean;
  subscriptionStatus: string | null;
  subscriptionExpiresAt: string | null;
  dailyPromptCount: number;
  lastPromptDate: string | null;
}

export function presentUser(user: UserRow): PresentedUser {
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
    dailyPromptCount: user.dailyPromptCount,
    lastPromptDate: user.lastPromptDate,
  };
}

/** POST /api/login's answer: the user, and whether this is their first sign-in (the app greets them differently). */
export interface SignInAnswer extends PresentedUser {
  firstSignIn: boolean;
}

export function presentSignIn(user: UserRow): SignInAnswer {
  return { ...presentUser(user), firstSignIn: user.lastSignInAt === null };
}
