// Rules every story write shares: the premium-only theme gate (SPEC.md section 6); the rating is story-rating.ts.
import { PREMIUM_THEME_IDS } from "../../shared/catalogues";
import { AppError } from "../errors";
import type { UserRow } from "../types";

export const PREMIUM_THEME_MESSAGE = "The NSFW theme is a premium feature. Upgrade to premium to use it.";

const premiumThemes = (themes: unknown): string[] =>
  Array.isArray(themes) ? themes.filter((t): t is string => PREMIUM_THEME_IDS.includes(t)) : [];

/**
 * Free users may not pick a premium theme. A story that already has one (written while premium)
 * can still be saved with it, so a lapsed subscription never blocks saving.
 */
export function assertThemesAllowed(user: UserRow, themes: unknown, currentThemes: unknown = []): void {
  if (user.isPremium) return;
  const kept = new Set(premiumThemes(currentThemes));
  if (premiumThemes(themes).some((t) => !kept.has(t))) {
    throw new AppError(403, "PREMIUM_REQUIRED", PREMIUM_THEME_MESSAGE);
  }
}
