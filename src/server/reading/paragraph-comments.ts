// Issue 31: a chapter's paragraph comments for the reader: how many each paragraph has (the count at its side), and
// the threads of one paragraph (or of the chapter's passages that changed) for its side panel. Which paragraph an
// anchor is on now is decided in code (paragraph-anchors.ts), so both group the rows by their stored anchor first
// and ask the database only for the anchors that land where the reader looks.
import { and, asc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { CommentsPage, ParagraphCounts } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { comments, users } from "../db/schema";
import type { ReadableStory, Viewer } from "../policies/visibility";
import { commentColumns, cursorId, hasShownReply, presentComment, shownTo } from "./comments";
import { presentAnchor, resolveAnchor, storyParagraphs } from "./paragraph-anchors";

const inChapter = (storyId: number, chapter: number) =>
  and(eq(comments.storyId, storyId), eq(comments.anchorChapter, chapter))!;

/** Each stored anchor of the chapter with the live comments on it this viewer sees. */
async function anchorsOfChapter(db: Db, story: ReadableStory, viewer: Viewer, chapter: number) {
  return db
    .select({
      paragraph: comments.anchorParagraph,
      quote: comments.anchorQuote,
      n: sql<number>`(count(*) filter (where ${comments.deletedAt} is null and ${shownTo(story, viewer, comments)}))::int`,
    })
    .from(comments)
    .where(inChapter(story.id, chapter))
    .groupBy(comments.anchorParagraph, comments.anchorQuote);
}

export async function paragraphCounts(
  db: Db,
  story: ReadableStory,
  viewer: Viewer,
  chapter: number,
): Promise<ParagraphCounts> {
  const { enabled, chapters } = await storyParagraphs(db, story.id);
  const counts: Record<string, number> = {};
  let changed = 0;
  for (const row of await anchorsOfChapter(db, story, viewer, chapter)) {
    if (row.n === 0) continue;
    const at = resolveAnchor(chapters, chapter, row.paragraph!, row.quote!);
    if (at === null) changed += row.n;
    else counts[String(at)] = (counts[String(at)] ?? 0) + row.n;
  }
  return { enabled, counts, changed };
}

/**
 * The chapter's paragraph comments, oldest first, as listComments pages the work's (placeholders included): all of
 * them, those on one paragraph as it is now, or (`changed`) those whose passage is gone. `total` counts the live
 * ones this viewer sees.
 */
export async function listParagraphComments(
  db: Db,
  story: ReadableStory,
  viewer: Viewer,
  query: { cursor?: string; limit: number; chapter: number; paragraph?: number | "changed" },
): Promise<CommentsPage> {
  const { chapters } = await storyParagraphs(db, story.id);
  let where: SQL = inChapter(story.id, query.chapter);
  let total: number | undefined;
  if (query.paragraph !== undefined) {
    const wanted = query.paragraph === "changed" ? null : query.paragraph;
    const anchors = (await anchorsOfChapter(db, story, viewer, query.chapter)).filter(
      (row) => resolveAnchor(chapters, query.chapter, row.paragraph!, row.quote!) === wanted,
    );
    if (anchors.length === 0) return { items: [], nextCursor: null, total: 0 };
    total = anchors.reduce((sum, row) => sum + row.n, 0);
    where = and(
      where,
      or(
        ...anchors.map((row) =>
          and(eq(comments.anchorParagraph, row.paragraph!), eq(comments.anchorQuote, row.quote!)),
        ),
      ),
    )!;
  }
  const shown = shownTo(story, viewer, comments);
  const rows = await db
    .select({ ...commentColumns, shown: sql<boolean>`${shown}` })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        where,
        gt(comments.id, cursorId(query.cursor)),
        or(and(isNull(comments.deletedAt), shown), hasShownReply(story, viewer)),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  if (total === undefined) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(where, isNull(comments.deletedAt), shown));
    total = row?.n ?? 0;
  }
  return {
    items: page.map((row) => ({
      ...presentComment(row, story.authorId, viewer, row.shown),
      ...presentAnchor(row, chapters),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    total,
  };
}
