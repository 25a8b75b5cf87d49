// Discover's cursors: opaque base64url JSON of the last item's keyset, tagged with the order it belongs to, so a
// cursor from one order is refused by another.
import { z } from "zod";
import { AppError } from "../errors";

export const INVALID_CURSOR = "Invalid cursor";

// NOTE: a forged cursor is well formed JSON too: its values must be ones PostgreSQL can compare (a timestamp as
// PostgreSQL or ISO 8601 writes it, ids and counts within integer), else the query fails with a 500, not a 400.
const timestamp = z
  .string()
  .max(64)
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2}){0,2})?$/);
const int4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);

const Cursor = z.discriminatedUnion("k", [
  z.object({ k: z.literal("new"), t: timestamp, i: int4 }),
  z.object({ k: z.literal("featured"), s: z.number(), i: int4 }),
  z.object({ k: z.literal("for-you"), a: int4, s: z.number(), i: int4 }),
  // For You after its candidates: the other stories, as Featured.
  z.object({ k: z.literal("for-you-rest"), s: z.number(), i: int4 }),
  // Issue 17's orders: most recently updated, most liked, most bookmarked, longest.
  z.object({ k: z.literal("updated"), t: timestamp, i: int4 }),
  z.object({ k: z.enum(["likes", "bookmarks", "words"]), n: int4, i: int4 }),
  // Ranked search (reading/search.ts): rank, then id.
  z.object({ k: z.literal("relevance"), r: z.number(), i: int4 }),
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
