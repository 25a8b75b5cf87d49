// Discover's cursors: opaque base64url JSON of the last item's keyset, tagged with the order it belongs to, so a
// cursor from one order is refused by another.
import { z } from "zod";
import { AppError } from "../errors";

export const INVALID_CURSOR = "Invalid cursor";

const Cursor = z.discriminatedUnion("k", [
  z.object({ k: z.literal("new"), t: z.string().max(64), i: z.number().int() }),
  z.object({ k: z.literal("featured"), s: z.number(), i: z.number().int() }),
  z.object({ k: z.literal("for-you"), a: z.number().int(), s: z.number(), i: z.number().int() }),
  // For You after its candidates: the other stories, as Featured.
  z.object({ k: z.literal("for-you-rest"), s: z.number(), i: z.number().int() }),
  // Issue 17's orders: most recently updated, most liked, most bookmarked, longest.
  z.object({ k: z.literal("updated"), t: z.string().max(64), i: z.number().int() }),
  z.object({ k: z.enum(["likes", "bookmarks", "words"]), n: z.number().int(), i: z.number().int() }),
  // Ranked search (reading/search.ts): rank, then id.
  z.object({ k: z.literal("relevance"), r: z.number(), i: z.number().int() }),
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
