// Issue 31: how a reader likes to read (GET/PUT /api/me/reader-settings, the Settings card, the reader's 'Aa' panel
// and the public pages' settings form). Kept on the account and, for every visitor, in a small cookie the server
// reads to draw its public pages (READER_COOKIE, written here as six dot-separated fields).
import { z } from "zod";

export const READER_FONTS = ["serif", "sans", "dyslexic"] as const;
export const READER_WIDTHS = ["narrow", "medium", "wide"] as const;
export const READER_THEMES = ["system", "light", "sepia", "dark"] as const;
export const READER_SIZES = { min: 1, max: 5 } as const;
export const READER_SPACINGS = { min: 1, max: 3 } as const;

export const ReaderSettings = z.strictObject({
  font: z.enum(READER_FONTS, { error: "font must be one of serif, sans, dyslexic" }),
  size: z
    .number({ error: "size must be a whole number from 1 to 5" })
    .int("size must be a whole number from 1 to 5")
    .min(READER_SIZES.min, "size must be a whole number from 1 to 5")
    .max(READER_SIZES.max, "size must be a whole number from 1 to 5"),
  width: z.enum(READER_WIDTHS, { error: "width must be one of narrow, medium, wide" }),
  spacing: z
    .number({ error: "spacing must be a whole number from 1 to 3" })
    .int("spacing must be a whole number from 1 to 3")
    .min(READER_SPACINGS.min, "spacing must be a whole number from 1 to 3")
    .max(READER_SPACINGS.max, "spacing must be a whole number from 1 to 3"),
  theme: z.enum(READER_THEMES, { error: "theme must be one of system, light, sepia, dark" }),
  hideTags: z.boolean({ error: "hideTags must be true or false" }),
});
export type ReaderSettings = z.infer<typeof ReaderSettings>;
export type ReaderFont = ReaderSettings["font"];
export type ReaderWidth = ReaderSettings["width"];
export type ReaderTheme = ReaderSettings["theme"];

/** What a reader who never chose reads with: today's serif text, middle size, width and spacing, the system's theme. */
export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  font: "serif",
  size: 3,
  width: "medium",
  spacing: 2,
  theme: "system",
  hideTags: false,
};

export const READER_COOKIE = "ff_reader";
/** Longer than any value encodeReaderCookie writes ("dyslexic.5.medium.3.system.1" is 28): more is not ours. */
const COOKIE_MAX_CHARS = 48;

/** The cookie's value: `serif.3.medium.2.system.0` (font, size, width, spacing, theme, hide tags). */
export function encodeReaderCookie(settings: ReaderSettings): string {
  const { font, size, width, spacing, theme, hideTags } = settings;
  return [font, size, width, spacing, theme, hideTags ? 1 : 0].join(".");
}

/** The settings a cookie value holds, or null for anything encodeReaderCookie would not have written. */
export function decodeReaderCookie(value: string | undefined): ReaderSettings | null {
  if (!value || value.length > COOKIE_MAX_CHARS) return null;
  const parts = value.split(".");
  if (parts.length !== 6) return null;
  const [font, size, width, spacing, theme, hide] = parts;
  if (!/^[1-9]$/.test(size!) || !/^[1-9]$/.test(spacing!) || (hide !== "0" && hide !== "1")) return null;
  const parsed = ReaderSettings.safeParse({
    font,
    size: Number(size),
    width,
    spacing: Number(spacing),
    theme,
    hideTags: hide === "1",
  });
  return parsed.success ? parsed.data : null;
}

/** The reader cookie's settings in a Cookie header or `document.cookie` (the first one; null when none is valid). */
export function readerSettingsFromCookieHeader(header: string | undefined): ReaderSettings | null {
  if (!header) return null;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === READER_COOKIE) return decodeReaderCookie(pair.slice(at + 1).trim());
  }
  return null;
}

/** A stored value (users.reader_settings) as settings: anything unreadable is the defaults. */
export function storedReaderSettings(value: unknown): ReaderSettings | null {
  const parsed = ReaderSettings.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const sameReaderSettings = (a: ReaderSettings, b: ReaderSettings) =>
  encodeReaderCookie(a) === encodeReaderCookie(b);

/** Words a reader reads a minute: the reading time on pages and the reader's 'N min left in this chapter'. */
export const WORDS_PER_MINUTE = 230;

/** Texts the settings' controls show (the reader's panel, Settings and the public pages' form). */
export const READER_LABELS = {
  font: { serif: "Serif", sans: "Sans-serif", dyslexic: "OpenDyslexic" } satisfies Record<ReaderFont, string>,
  width: { narrow: "Narrow", medium: "Medium", wide: "Wide" } satisfies Record<ReaderWidth, string>,
  theme: { system: "System", light: "Light", sepia: "Sepia", dark: "Dark" } satisfies Record<ReaderTheme, string>,
  spacing: { 1: "Tight", 2: "Normal", 3: "Loose" } as Record<number, string>,
  hideTags: "Hide warnings and tags until I choose",
  tagsHidden: "Tags hidden — show",
} as const;

/** The public pages' settings form (no script): it posts here too, and answers back to `back`. */
export const READER_SETTINGS_PATH = "/reader-settings";
export const readerSettingsHref = (back: string) => `${READER_SETTINGS_PATH}?back=${encodeURIComponent(back)}`;
