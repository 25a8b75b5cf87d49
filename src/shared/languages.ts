// Issue 31: the languages a work can be written in, as BCP 47 codes (ISO 639-1 primary subtags, which are BCP 47
// tags on their own), each with its own name from the maintained list (iso-639-1). A small list of the languages
// fans write in; a code outside it is a 400 wherever a language is taken (publish, details, Discover, settings).
import ISO6391 from "iso-639-1";
import { z } from "zod";

/** The codes, in the order the pickers list them (the most written first, as AO3's language counts run). */
const CODES = [
  "en",
  "es",
  "zh",
  "ru",
  "pt",
  "fr",
  "de",
  "it",
  "ja",
  "ko",
  "pl",
  "id",
  "vi",
  "tr",
  "nl",
  "uk",
  "sv",
  "fi",
  "da",
  "nb",
  "cs",
  "hu",
  "ro",
  "el",
  "he",
  "ar",
  "fa",
  "hi",
  "th",
  "tl",
  "ca",
  "eo",
] as const;

export type LanguageCode = (typeof CODES)[number];

/** A work's language when its writer says nothing. */
export const DEFAULT_LANGUAGE: LanguageCode = "en";

/** Discover's `language=all`: every language (over the reader's default). */
export const ALL_LANGUAGES = "all";

export interface Language {
  code: LanguageCode;
  /** The language's own name ("Français", "日本語"), as its readers write it. */
  name: string;
}

// NOTE: the package's own names; a code it does not know would make the list wrong, so it fails here, at load.
export const LANGUAGES: readonly Language[] = CODES.map((code) => {
  if (!ISO6391.validate(code)) throw new Error(`Not an ISO 639-1 code: ${code}`);
  const name = ISO6391.getNativeName(code);
  return { code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1) };
});

export const LANGUAGE_CODES: readonly LanguageCode[] = CODES;

const BY_CODE = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && BY_CODE.has(value);
}

/** A code's own name; the code itself for one outside the list (a row written before the list changed). */
export function languageName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}

/** The most Discover filters by at once (every language on the list). */
export const MAX_LANGUAGE_FILTERS = CODES.length;

/**
 * The list's languages among a browser's (navigator.languages, Accept-Language): "fr-CA" is French, "nn" and "no"
 * Norwegian Bokmål; each once, in the browser's order. Empty when none is on the list.
 */
export function languagesOf(tags: readonly string[]): LanguageCode[] {
  const out: LanguageCode[] = [];
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? "";
    const code = primary === "no" || primary === "nn" ? "nb" : primary === "iw" ? "he" : primary;
    if (isLanguageCode(code) && !out.includes(code)) out.push(code);
  }
  return out;
}

/** A language on the list, as an API field (publish, details, settings, Discover); anything else is a 400. */
export const LanguageField = z
  .string()
  .max(12)
  .refine(isLanguageCode, { error: "language must be a language code on FicForge's list, such as en or fr" })
  .transform((code) => code as LanguageCode);
