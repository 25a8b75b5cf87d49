// Anonymous and unrevealed works (issue 33): the one place that decides who sees a work's creator and who sees a
// hidden work at all. `stories.anonymous` and `stories.unrevealed` are kept from the work's collections
// (collections/anonymity.ts); here they meet the viewer. Those who see through both: the work's creators (its creator
// and accepted co-creators) and the maintainers of a collection it is in. Everyone else sees 'Anonymous' (no name,
// no link, no id) for an anonymous work, and no unrevealed work at all.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { ANONYMOUS_CREATOR } from "../../shared/anonymous";
import type { Viewer } from "./viewer";

export { ANONYMOUS_CREATOR };

/** The columns of a story row (of `stories` or of an alias such as `s`) the conditions read. */
export interface StoryRef {
  id: SQL;
  authorId: SQL;
  anonymous: SQL;
  unrevealed: SQL;
}

/** The row of `stories` a query selects (written out: drizzle leaves columns unqualified in single-table selects). */
export const STORIES: StoryRef = storyAlias("stories");

/** The same columns of an alias (`s` in hand-written SQL). */
export function storyAlias(name: string): StoryRef {
  const col = (c: string) => sql.raw(`"${name}"."${c}"`);
  return { id: col("id"), authorId: col("author_id"), anonymous: col("anonymous"), unrevealed: col("unrevealed") };
}

/** `userId` made the story: its creator or an accepted co-creator. */
export function madeBy(story: StoryRef, userId: SQL | number): SQL {
  return sql`(${story.authorId} = ${userId} or exists (select 1 from story_co_creators anc
    where anc.story_id = ${story.id} and anc.user_id = ${userId} and anc.state = 'accepted'))`;
}

/** `userId` maintains a collection the story is in (or was offered to and not refused). */
export function maintainsCollectionOf(story: StoryRef, userId: SQL | number): SQL {
  return sql`exists (select 1 from collection_items anci join collection_maintainers ancm
    on ancm.collection_id = anci.collection_id
    where anci.story_id = ${story.id} and anci.state <> 'rejected' and ancm.user_id = ${userId})`;
}

/** The viewer sees through the story's anonymity and hiddenness: a creator of it or a maintainer of its collection. */
export function seesThrough(story: StoryRef, viewerId: number | SQL): SQL {
  return sql`(${madeBy(story, viewerId)} or ${maintainsCollectionOf(story, viewerId)})`;
}

/** The story is not hidden from this viewer by an unrevealed collection. */
export function revealedTo(story: StoryRef, viewerId: number | null | undefined): SQL {
  if (!viewerId) return sql`not ${story.unrevealed}`;
  return sql`(not ${story.unrevealed} or ${seesThrough(story, viewerId)})`;
}

/** True when the story's creators must show as 'Anonymous' to this viewer (a boolean column for lists). */
export function creatorHiddenFrom(story: StoryRef, viewerId: number | null | undefined): SQL<boolean> {
  if (!viewerId) return sql<boolean>`${story.anonymous}`;
  // NOTE: the subqueries run only for anonymous rows (the `and` stops at false).
  return sql<boolean>`(${story.anonymous} and not ${seesThrough(story, viewerId)})`;
}

/**
 * The name a list shows for the creator `username` of the story: 'Anonymous' when it is hidden from the viewer.
 * `userId`: whose name it is (a creator's name is hidden; a commenter's or a gift recipient's is not).
 */
export function nameShownTo(
  story: StoryRef,
  viewerId: number | null | undefined,
  username: SQL,
  userId: SQL,
): SQL<string> {
  return sql<string>`case when ${creatorHiddenFrom(story, viewerId)} and ${madeBy(story, userId)}
    then ${ANONYMOUS_CREATOR} else ${username} end`;
}

/** The creator's name as this viewer sees it: 'Anonymous' when hidden (viewer null: the public pages, anyone). */
export function creatorNameShownTo(
  story: StoryRef,
  viewerId: number | null | undefined,
  username: SQL | AnyColumn,
): SQL<string> {
  return sql<string>`case when ${creatorHiddenFrom(story, viewerId)} then ${ANONYMOUS_CREATOR} else ${username} end`;
}

/** The co-creators' names (a json array) as this viewer sees them: none when the creators are hidden. */
export function coCreatorsShownTo<T>(story: StoryRef, viewerId: number | null | undefined, names: SQL<T>): SQL<T> {
  return sql<T>`case when ${creatorHiddenFrom(story, viewerId)} then '[]'::json else ${names} end`;
}

/** The creator's id as this viewer sees it: null when hidden. */
export function creatorIdShownTo(story: StoryRef, viewerId: number | null | undefined): SQL<number | null> {
  return sql<number | null>`case when ${creatorHiddenFrom(story, viewerId)} then null else ${story.authorId} end`;
}

/**
 * A notification's actor as its recipient sees it: 'Anonymous' when the actor is a creator of the anonymous work the
 * notification is about and the recipient does not see through it (a new chapter, a gift, a reply by the creator).
 */
export function actorNameShownTo(
  storyId: SQL | AnyColumn,
  actorId: SQL | AnyColumn,
  username: SQL | AnyColumn,
  viewerId: number | SQL | AnyColumn,
): SQL<string | null> {
  const st = storyAlias("ans");
  return sql<string | null>`case when exists (select 1 from stories ans where ans.id = ${storyId} and ans.anonymous
      and ${madeBy(st, sql`${actorId}`)} and not ${seesThrough(st, sql`${viewerId}`)})
    then ${ANONYMOUS_CREATOR} else ${username} end`;
}

/** What the in-memory rule reads of a work. */
export interface AnonymityFacts {
  authorId: number;
  anonymous?: boolean;
  unrevealed?: boolean;
  /** The accepted co-creators' ids. */
  coCreatorIds?: readonly number[];
  /** The maintainers of the collections it is in. */
  maintainerIds?: readonly number[];
}

const seesThroughFacts = (viewer: Viewer, story: AnonymityFacts) =>
  viewer !== null &&
  (viewer.id === story.authorId ||
    (story.coCreatorIds ?? []).includes(viewer.id) ||
    (story.maintainerIds ?? []).includes(viewer.id));

/** creatorHiddenFrom's in-memory form: may this viewer see who made the work? */
export function creatorShownTo(viewer: Viewer, story: AnonymityFacts): boolean {
  return !story.anonymous || seesThroughFacts(viewer, story);
}

/** revealedTo's in-memory form: may this viewer see the work at all, as far as its collections go? */
export function workRevealedTo(viewer: Viewer, story: AnonymityFacts): boolean {
  return !story.unrevealed || seesThroughFacts(viewer, story);
}

/** A creator as an answer names them to others: hidden, no name, no id. */
export interface ShownCreator {
  authorId: number | null;
  username: string;
  coCreators: { username: string }[];
  anonymous: boolean;
}

/** The creator as shown: the real one, or 'Anonymous' with no id and no co-creators. */
export function showCreator(
  hidden: boolean,
  creator: { authorId: number; username: string; coCreators?: { username: string }[] },
): ShownCreator {
  if (hidden) return { authorId: null, username: ANONYMOUS_CREATOR, coCreators: [], anonymous: true };
  return {
    authorId: creator.authorId,
    username: creator.username,
    coCreators: creator.coCreators ?? [],
    anonymous: false,
  };
}
