// Issue 31 section 4: a reader's saved Discover filters (/api/saved-filters). `query` is Discover's URL query string
// ("tag=Fluff&exclude=Major+Character+Death&language=fr"): every parameter one of Discover's filters, each valid as
// GET /api/published-stories takes it. One may be the reader's 'Always exclude': its exclusions (excluded tags, and
// `crossover=exclude`) are added to every Discover view, shown as a chip with 'off for this search'.
import { z } from "zod";
import { hasControlChars } from "../tagging";
import { DiscoverQuery } from "./reading";

export const SAVED_FILTER_LIMITS = {
  /** Saved filters per reader. */
  max: 30,
  nameChars: 60,
  /** A query string longer than Discover's own could be (10 tags each way, every language) is refused unread. */
  queryChars: 4_000,
} as const;

export const TOO_MANY_SAVED_FILTERS = `You can save at most ${SAVED_FILTER_LIMITS.max} filters. Delete one to save another.`;
export const SAVED_FILTER_NAME_TAKEN = "You already have a saved filter with this name";
export const SAVED_FILTER_NOT_FOUND = "Saved filter not found";
export const NOTHING_TO_EXCLUDE =
  "This filter excludes nothing. Save one with excluded tags or without crossovers to always exclude them.";

/** The parameters a saved query may hold: Discover's filters and order (not its page size or place in the list). */
export const SAVED_FILTER_PARAMS = [
  "q",
  "tag",
  "exclude",
  "rating",
  "status",
  "minWords",
  "maxWords",
  "fandom",
  "sort",
  "nsfw",
  "ai",
  "language",
  "crossover",
] as const satisfies readonly (keyof DiscoverQuery)[];

const REPEATED = new Set(["tag", "exclude", "rating", "language"]);
const KNOWN: ReadonlySet<string> = new Set(SAVED_FILTER_PARAMS);

export type SavedQueryCheck = { ok: true; query: string; filters: DiscoverQuery } | { ok: false; message: string };

/**
 * A query string checked as Discover would take it, with a message naming the first thing wrong: an unknown
 * parameter, one given twice that cannot repeat, or a value Discover refuses. A leading '?' is dropped.
 */
export function checkSavedQuery(raw: string): SavedQueryCheck {
  const text = raw.startsWith("?") ? raw.slice(1) : raw;
  const params = new URLSearchParams(text);
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    if (!KNOWN.has(name)) return { ok: false, message: `Unknown Discover filter: ${name.slice(0, 40)}` };
    const had = record[name];
    if (had === undefined) record[name] = REPEATED.has(name) ? [value] : value;
    else if (Array.isArray(had)) had.push(value);
    else return { ok: false, message: `${name} can be given once` };
  }
  const parsed = DiscoverQuery.safeParse(record);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid filter" };
  if (parsed.data.minWords !== undefined && parsed.data.maxWords !== undefined) {
    if (parsed.data.minWords > parsed.data.maxWords)
      return { ok: false, message: "minWords cannot be more than maxWords" };
  }
  return { ok: true, query: params.toString(), filters: parsed.data };
}

/** What an 'Always exclude' adds to every Discover view: its excluded tags, and leaving crossovers out. */
export function exclusionsOf(query: string): { exclude: string[]; crossover: boolean } {
  const checked = checkSavedQuery(query);
  if (!checked.ok) return { exclude: [], crossover: false };
  return { exclude: checked.filters.exclude ?? [], crossover: checked.filters.crossover === "exclude" };
}

const SavedFilterName = z
  .string()
  .trim()
  .min(1, "Name your filter")
  .max(SAVED_FILTER_LIMITS.nameChars, `A filter's name can be at most ${SAVED_FILTER_LIMITS.nameChars} characters`)
  .refine((name) => !hasControlChars(name), "A filter's name cannot hold control characters");

const SavedQueryText = z
  .string()
  .max(SAVED_FILTER_LIMITS.queryChars, "This filter is too long to save")
  .transform((query, ctx) => {
    const checked = checkSavedQuery(query);
    if (checked.ok) return checked.query;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });

/** POST /api/saved-filters. */
export const SavedFilterCreate = z.object({ name: SavedFilterName, query: SavedQueryText });
export type SavedFilterCreate = z.infer<typeof SavedFilterCreate>;

/** PATCH /api/saved-filters/{id}: rename, and set or unset as the reader's 'Always exclude'. */
export const SavedFilterUpdate = z
  .object({ name: SavedFilterName.optional(), isDefault: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.isDefault !== undefined, "Send a name or isDefault");
export type SavedFilterUpdate = z.infer<typeof SavedFilterUpdate>;

export const SavedFilterId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const SavedFilter = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof SavedFilter>;
