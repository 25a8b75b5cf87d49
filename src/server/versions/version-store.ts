// How a version's text is stored (decision 0041): forward deltas over the story's blocks, each against the version
// before it, with a brotli keyframe at the head of every chain. Typing, a Marin insertion or a restore changes a few
// paragraphs, so a delta costs what changed; a keyframe comes every KEYFRAME_EVERY versions (restoring reads at
// most that many rows) or when a delta would cost half as much as the whole text.
import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { diffArrays } from "diff";
import { and, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { storyVersions } from "../db/schema";
import { brotliWindowFor } from "../http/compress";

export const KEYFRAME_EVERY = 50;
/** Past this many changed blocks between two versions, a keyframe is cheaper than finding the delta. */
const MAX_BLOCK_EDITS = 400;

/** A delta: n > 0 keeps n blocks of the version before, n < 0 skips -n of them, a string is a new block. */
type DeltaOp = number | string;

// NOTE: cut after each block's end, so join("") gives the text back exactly; inline marks stay inside a block.
// A scan rather than split() on a lookbehind, which tests every position (four times slower on 700 KB).
const BLOCK_END = /<\/(?:p|h[1-6]|li|ul|ol|blockquote|section|div|pre)>|<hr\s*\/?>/g;
export function splitBlocks(html: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  for (const match of html.matchAll(BLOCK_END)) {
    const end = match.index + match[0].length;
    blocks.push(html.slice(start, end));
    start = end;
  }
  if (start < html.length) blocks.push(html.slice(start));
  return blocks;
}

export const contentHash = (text: string): string => createHash("sha1").update(text).digest("base64");

function compress(text: string): Buffer {
  const bytes = Buffer.byteLength(text);
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 5,
      // NOTE: a window that fits the text, not a fixed 4 MB one (http/compress.ts); stored versions decode either way.
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(bytes),
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  });
}
const decompress = (data: Buffer): string => brotliDecompressSync(data).toString("utf8");

/** The delta from `before` to `after`, or null when they differ in more than MAX_BLOCK_EDITS blocks. */
export function blockDelta(before: string[], after: string[]): DeltaOp[] | null {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const ops: DeltaOp[] = [];
  if (start > 0) ops.push(start);
  if (endBefore > start || endAfter > start) {
    const changes = diffArrays(before.slice(start, endBefore), after.slice(start, endAfter), {
      maxEditLength: MAX_BLOCK_EDITS,
    });
    if (!changes) return null;
    for (const change of changes) {
      if (change.added) ops.push(...change.value);
      else ops.push(change.removed ? -change.count : change.count);
    }
  }
  if (endBefore < before.length) ops.push(before.length - endBefore);
  return ops;
}

export function applyDelta(before: string[], ops: readonly DeltaOp[]): string[] {
  const after: string[] = [];
  let at = 0;
  for (const op of ops) {
    if (typeof op === "string") after.push(op);
    else if (op < 0) at -= op;
    else {
      for (let end = at + op; at < end; at++) after.push(before[at]!);
    }
  }
  return after;
}

export interface EncodedVersion {
  keyframe: boolean;
  data: Buffer;
}

/** The text as a keyframe, or as a delta against `previous` (the newest version's text) when that is cheaper. */
export function encodeVersion(text: string, previous: { text: string; chainLength: number } | null): EncodedVersion {
  if (previous && previous.chainLength < KEYFRAME_EVERY) {
    const ops = blockDelta(splitBlocks(previous.text), splitBlocks(text));
    if (ops) {
      const data = compress(JSON.stringify(ops));
      // NOTE: brotli keeps prose to about a third; a delta past half of that is not worth its chain.
      if (data.length < Buffer.byteLength(text) / 6) return { keyframe: false, data };
    }
  }
  return { keyframe: true, data: compress(text) };
}

/** Version `id` rewritten as a keyframe (its text whole), so the versions before it can go. */
export async function makeKeyframe(db: Db, storyId: number, id: number): Promise<void> {
  const { text, chainLength } = await readVersionText(db, storyId, id);
  if (chainLength === 0) return;
  await db
    .update(storyVersions)
    .set({ keyframe: true, data: compress(text) })
    .where(eq(storyVersions.id, id));
}

/** The rows from the keyframe heading version `id`'s chain up to it, oldest first. */
async function chainTo(db: Db, storyId: number, id: number) {
  const head = db
    .select({ id: sql`max(${storyVersions.id})` })
    .from(storyVersions)
    .where(and(eq(storyVersions.storyId, storyId), lte(storyVersions.id, id), eq(storyVersions.keyframe, true)));
  return db
    .select({ id: storyVersions.id, keyframe: storyVersions.keyframe, data: storyVersions.data })
    .from(storyVersions)
    .where(and(eq(storyVersions.storyId, storyId), lte(storyVersions.id, id), gte(storyVersions.id, sql`(${head})`)))
    .orderBy(storyVersions.id);
}

/** Version `id`'s text (it must exist), and how many deltas follow its keyframe. */
export async function readVersionText(
  db: Db,
  storyId: number,
  id: number,
): Promise<{ text: string; chainLength: number }> {
  const rows = await chainTo(db, storyId, id);
  const [head, ...deltas] = rows;
  if (!head?.keyframe || rows.at(-1)!.id !== id) throw new Error(`story ${storyId}: version ${id} has no chain`);
  if (deltas.length === 0) return { text: decompress(head.data), chainLength: 0 };
  let blocks = splitBlocks(decompress(head.data));
  for (const row of deltas) blocks = applyDelta(blocks, JSON.parse(decompress(row.data)) as DeltaOp[]);
  return { text: blocks.join(""), chainLength: deltas.length };
}

/** How many deltas follow the newest keyframe: the chain a version taken now would lengthen. */
export async function chainLengthNow(db: Db, storyId: number): Promise<number> {
  const head = db
    .select({ id: sql`max(${storyVersions.id})` })
    .from(storyVersions)
    .where(and(eq(storyVersions.storyId, storyId), eq(storyVersions.keyframe, true)));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storyVersions)
    .where(and(eq(storyVersions.storyId, storyId), gt(storyVersions.id, sql`(${head})`)));
  return row?.n ?? 0;
}

export async function newestVersion(db: Db, storyId: number) {
  const [row] = await db
    .select({
      id: storyVersions.id,
      createdAt: storyVersions.createdAt,
      contentHash: storyVersions.contentHash,
      wordCount: storyVersions.wordCount,
    })
    .from(storyVersions)
    .where(eq(storyVersions.storyId, storyId))
    .orderBy(desc(storyVersions.id))
    .limit(1);
  return row;
}
