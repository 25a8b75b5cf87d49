// Rules every story write shares: the premium-only theme gate (nsfw is Plus only) and the FicForge Plus reader
// background; the rating is story-rating.ts.
import { PREMIUM_THEME_IDS } from "../../shared/catalogues";
import { requirePremium } from "../billing/premium";
import { imageIdFromUrl } from "../images/cover-input";
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
  if (premiumThemes(themes).some((t) => !kept.has(t))) requirePremium(user, PREMIUM_THEME_MESSAGE);
}

export const READER_BACKGROUND_MESSAGE = "Reader backgrounds are a FicForge Plus feature.";

/**
 * Setting a reader background needs premium; removing it (null) never does, and neither does sending the story's
 * current one unchanged, so a lapsed subscription never blocks saving the details page. Checked before any upload.
 */
export function assertBackgroundAllowed(
  user: UserRow,
  input: string | null | undefined,
  currentImageId: string | null,
): void {
  const value = input?.trim();
  if (!value) return;
  if (currentImageId !== null && imageIdFromUrl(value) === currentImageId) return;
  requirePremium(user, READER_BACKGROUND_MESSAGE);
}
