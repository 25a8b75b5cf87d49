// Discover's cursors: opaque base64url JSON of the last item's keyset, tagged with the order it belongs to, so a
// cursor from one order is refused by another.
import { z } from "zod";
import { AppError } from "../errors";

export const INVALID_CURSOR = "Invalid cursor";

// NOTE: every value goes into SQL as a typed parameter, so a forged one must be a value of that type, or the query
// fails (500) instead of answering 400: ids and counts within integer, times as PostgreSQL writes timestamptz as
// text (the cursor carries `published_at::text`), scores finite.
const id = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const time = z
  .string()
  .max(64)
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}){0,2})?$/)
  // A real date and time of day (no 13th month, no 25th hour), whatever the zone.
  .refine((t) => {
    const at = new Date(`${t.slice(0, 10)}T${t.slice(11, 19)}Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === t.slice(0, 10);
  });
const score = z.number().finite();

const Cursor = z.discriminatedUnion("k", [
  z.object({ k: z.literal("new"), t: time, i: id }),
  z.object({ k: z.literal("featured"), s: score, i: id }),
  z.object({ k: z.literal("for-you"), a: score, s: score, i: id }),
  // For You after its candidates: the other stories, as Featured.
  z.object({ k: z.literal("for-you-rest"), s: score, i: id }),
  // Issue 17's orders: most recently updated, most liked, most bookmarked, longest.
  z.object({ k: z.literal("updated"), t: time, i: id }),
  z.object({ k: z.enum(["likes", "bookmarks", "words"]), n: id, i: id }),
  // Ranked search (reading/search.ts): rank, then id.
  z.object({ k: z.literal("relevance"), r: score, i: id }),
]);
export type Cursor = z.infer<typeof Cursor>;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === "") return undefined;
  try {
    return Cursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
  }
}
