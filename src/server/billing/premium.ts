// The premium gates' one shape: a free user asking for a FicForge Plus option gets 403 PREMIUM_REQUIRED with a
// message naming what is premium.
import { EARLY_ACCESS_FEATURES, type EarlyAccessFeature, PREMIUM_REQUIRED } from "../../shared/schemas/billing";
import { AppError } from "../errors";
import type { UserRow } from "../types";

export function requirePremium(user: Pick<UserRow, "isPremium">, message: string): void {
  if (!user.isPremium) throw new AppError(403, PREMIUM_REQUIRED, message);
}

export const earlyAccessMessage = (feature: EarlyAccessFeature): string =>
  `${(EARLY_ACCESS_FEATURES as Record<string, { title: string }>)[feature]?.title} is an early-access feature of FicForge Plus.`;

/** Early-access features are on for premium users only (shared/schemas/billing.ts lists them). */
export function requireEarlyAccess(user: Pick<UserRow, "isPremium">, feature: EarlyAccessFeature): void {
  requirePremium(user, earlyAccessMessage(feature));
}
