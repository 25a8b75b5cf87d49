// The reader's two queries: the gate (may this viewer read it, and their two flags) and the shared view (story,
// author and tags in one query), which the read cache keeps.
import { coCreatorsShownTo, creatorHiddenFrom, creatorNameShownTo, seesThrough, STORIES } from "../policies/anonymity";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ReadStoryView } from "../../shared/schemas/reading";
import { loadChapters } from "../chapters/sync-chapters";
import { asReadersSee } from "../scheduling/hold";
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";
import { notFound } from "../errors";
import { inGoodStanding, storyNotModerated } from "../visibility/standing";
import { tagNames } from "../stories/story-queries";
import { labelPairs } from "../stories/story-labels";
import { coCreatorNames } from "../policies/creator-names";
import { presentReadView, type ViewerState } from "./present-read";
import { seriesPartsOf } from "../stories/series-parts";
import { giftsAndLinksOf } from "../gifts/views";
import { readableBy, STORY_NOT_PUBLISHED, type Viewer } from "../policies/visibility";

/** storyNotModerated without its `not unrevealed`: for a view built for those who see through it. */
const readableAsMade = () => and(isNull(stories.moderationHiddenAt), inGoodStanding(stories.authorId));

const NOBODY: ViewerState = { liked: false, bookmarked: false };

/**
 * Issue 33: the gate's answer for a work whose creators are hidden or which is unrevealed: `seesThrough` (a creator or
 * maintainer) is answered from an unmasked view built for them alone, never from the shared cached copy.
 */
export interface GateAnswer extends ViewerState {
  /** Anonymous or unrevealed. */
  hidden: boolean;
  seesThrough: boolean;
}

/**
 * Answers the viewer's state when they may read the story, undefined otherwise: one small query on primary and
 * unique keys (a signed-out viewer gets no flags).
 */
export async function readGate(db: Db, id: number, viewer: Viewer): Promise<GateAnswer | undefined> {
  const where = and(eq(stories.id, id), readableBy(viewer));
  const hidden = sql<boolean>`(${stories.anonymous} or ${stories.unrevealed})`;
  if (!viewer) {
    const [row] = await db.select({ id: stories.id, hidden }).from(stories).where(where).limit(1);
    return row ? { ...NOBODY, hidden: row.hidden, seesThrough: false } : undefined;
  }
  // NOTE: written out with the table name: drizzle leaves columns unqualified in single-table selects, and inside
  // the subqueries a bare "id" would name the like's or bookmark's own id.
  const [row] = await db
    .select({
      liked: sql<boolean>`exists (select 1 from likes l where l.story_id = "stories"."id" and l.user_id = ${viewer.id})`,
      bookmarked: sql<boolean>`exists (
        select 1 from bookmarks b where b.story_id = "stories"."id" and b.user_id = ${viewer.id}
      )`,
      hidden,
      seesThrough: sql<boolean>`(${hidden} and ${seesThrough(STORIES, viewer.id)})`,
    })
    .from(stories)
    .where(where)
    .limit(1);
  return row
    ? { liked: row.liked, bookmarked: row.bookmarked, hidden: row.hidden, seesThrough: row.seesThrough }
    : undefined;
}

/**
 * The viewer-independent view of a published story (any rating: the gate has already decided who may see it). Issue
 * 33: the shared view (`unmasked` false, the one the read cache keeps) names an anonymous work's creator 'Anonymous'
 * with no id; `unmasked` is for a creator or maintainer alone (and is never cached).
 */
export async function buildReadView(db: Db, id: number, unmasked = false): Promise<ReadStoryView> {
  const hidden = unmasked ? sql<boolean>`false` : creatorHiddenFrom(STORIES, null);
  const [row] = await db
    .select({
      story: stories,
      authorUsername: unmasked ? users.username : creatorNameShownTo(STORIES, null, users.username),
      authorIsPremium: users.isPremium,
      coCreators: unmasked ? coCreatorNames : coCreatorsShownTo(STORIES, null, coCreatorNames),
      creatorHidden: hidden,
      tags: tagNames,
      labels: labelPairs,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    // NOTE: storyNotModerated leaves unrevealed works out: the gate decided this viewer may read one.
    .where(and(eq(stories.id, id), eq(stories.published, true), unmasked ? readableAsMade() : storyNotModerated()))
    .limit(1);
  // NOTE: unpublished between the gate and here.
  if (!row) throw notFound(STORY_NOT_PUBLISHED);
  const { tags, labels, authorUsername, authorIsPremium, coCreators, creatorHidden } = row;
  // Issue 31: the text stops before chapters a scheduled release holds back.
  const story = await asReadersSee(db, row.story);
  const chapters = await loadChapters(db, id);
  const series = await seriesPartsOf(db, id, story);
  const giftsAndLinks = await giftsAndLinksOf(db, id, story);
  const names = { authorUsername, authorIsPremium, coCreators, creatorHidden };
  return presentReadView({ ...story, tags, labels, ...names, chapters, series, giftsAndLinks });
}
