// Rules every story write shares: the premium-only theme gate and the mature rating (SPEC.md section 6).
import { PREMIUM_THEME_IDS } from "../../shared/catalogues";
import { isNsfw } from "../../shared/nsfw";
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

export interface RatingInput {
  title: string;
  description: string | null;
  moods: unknown;
  themes: unknown;
}

export function rateStory(story: RatingInput): "general" | "mature" {
  return premiumThemes(story.themes).includes("nsfw") || isNsfw(story) ? "mature" : "general";
}
