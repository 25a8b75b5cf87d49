// Who may do what with a story: read, edit, comment (and like), report, download, moderate. The read rule is also
// a SQL condition (readableBy) for lists and lookups; both forms live here and are tested against each other.
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { stories } from "../db/schema";
import { inGoodStanding } from "../visibility/standing";
import { type AnonymityFacts, revealedTo, STORIES, workRevealedTo } from "./anonymity";
import { type BlockFacts, type Decision, isModeratorRole, NO_BLOCKS, type Viewer } from "./viewer";

export interface StoryFacts {
  authorId: number;
  published: boolean;
  /** 'general' or 'mature' (derived on write from the tags and the author's marking). */
  rating: string;
  /** Unpublished by a moderator, or its author suspended: hidden from everyone, its author included. */
  moderated?: boolean;
  /** 'everyone' (absent) or 'members': a members-only work is read by signed-in readers only. */
  audience?: string;
  /**
   * Issue 33: in an unrevealed collection, and who sees through it (its accepted co-creators, its collections'
   * maintainers): to anyone else it does not exist.
   */
  unrevealed?: boolean;
  coCreatorIds?: AnonymityFacts["coCreatorIds"];
  maintainerIds?: AnonymityFacts["maintainerIds"];
}

const isMature = (story: StoryFacts) => story.rating !== "general";

/**
 * Published, not moderated, and general, or the viewer is premium (mature stories are a FicForge Plus perk) or wrote
 * it. Anything else answers as a missing story, so a free reader never learns a mature story exists.
 */
export function canRead(viewer: Viewer, story: StoryFacts): boolean {
  if (!story.published || story.moderated) return false;
  if (!workRevealedTo(viewer, story)) return false;
  if (viewer === null && story.audience === "members") return false;
  if (!isMature(story)) return true;
  return viewer !== null && (viewer.isPremium || viewer.id === story.authorId);
}

/** canRead as a condition on `stories`, for single-story lookups and lists alike. */
export function readableBy(viewer: Viewer): SQL {
  // NOTE: storyNotModerated's conditions without its `not unrevealed`: those who see through it read it.
  const published = and(
    eq(stories.published, true),
    isNull(stories.moderationHiddenAt),
    inGoodStanding(stories.authorId),
    revealedTo(STORIES, viewer?.id),
  )!;
  const general = eq(stories.rating, "general");
  if (!viewer) return and(published, general, eq(stories.audience, "everyone"))!;
  if (viewer.isPremium) return published;
  return and(published, or(general, eq(stories.authorId, viewer.id)))!;
}

/**
 * Its creator and its accepted co-creators (issue 30) edit and publish a story, read its feedback and stats; to anyone
 * else it does not exist. `coCreatorIds`: the accepted co-creators' ids.
 */
export function canEdit(
  viewer: Viewer,
  story: Pick<StoryFacts, "authorId"> & { coCreatorIds?: readonly number[] },
): Decision {
  if (!viewer) return "signed_out";
  return viewer.id === story.authorId || (story.coCreatorIds ?? []).includes(viewer.id) ? true : "hidden";
}

/** canEdit as a condition on `stories`: the creator, or one probe of story_co_creators' (story_id, user_id) key. */
export function editableBy(userId: number): SQL {
  // NOTE: "stories"."id" written out: drizzle leaves columns unqualified in single-table selects, and a bare "id"
  // inside the subquery would be the co-creator row's own id.
  return or(
    eq(stories.authorId, userId),
    sql`exists (select 1 from story_co_creators cc where cc.story_id = "stories"."id" and cc.user_id = ${userId}
      and cc.state = 'accepted')`,
  )!;
}

/**
 * Delete the work, invite or remove co-creators: only the creator who made it (stories.author_id). A co-creator is
 * told "forbidden"; anyone else, as for canEdit, that it does not exist.
 */
export function canDelete(
  viewer: Viewer,
  story: Pick<StoryFacts, "authorId"> & { coCreatorIds?: readonly number[] },
): Decision {
  if (!viewer) return "signed_out";
  if (viewer.id === story.authorId) return true;
  return (story.coCreatorIds ?? []).includes(viewer.id) ? "forbidden" : "hidden";
}

/**
 * Comment on it or like it: a signed-in reader who may read it, unless its author (or, for a reply, the answered
 * comment's author: pass both in `blocks`) blocked them.
 */
export function canComment(viewer: Viewer, story: StoryFacts, blocks: BlockFacts = NO_BLOCKS): Decision {
  if (!viewer) return "signed_out";
  if (!canRead(viewer, story)) return "hidden";
  return blocks.blockedBy.some((id) => id !== viewer.id) ? "blocked" : true;
}

/** Report it: a signed-in reader who may read it, and not its author. */
export function canReport(viewer: Viewer, story: StoryFacts): Decision {
  if (!viewer) return "signed_out";
  if (!canRead(viewer, story)) return "hidden";
  return viewer.id === story.authorId ? "self" : true;
}

/**
 * Download it. `public`: the public page's EPUB, for anyone, signed in or not, of a story anyone may read (general;
 * the public pages never show mature ones). `export`: the author's own export in any format, free on every plan
 * (docs/decisions/0051-writer-side-fixes.md).
 */
export function canDownload(viewer: Viewer, story: StoryFacts | null, kind: "public" | "export"): Decision {
  // The public EPUB is for whoever may read the work's public page: anyone, or for a members-only work, members.
  if (kind === "public")
    return story !== null && canRead(story.audience === "members" ? viewer : null, story) ? true : "hidden";
  if (!viewer) return "signed_out";
  return story === null || viewer.id === story.authorId ? true : "hidden";
}

/** Unpublish, restore, hide: moderators and admins only. */
export function canModerate(viewer: Viewer): Decision {
  if (!viewer) return "signed_out";
  return isModeratorRole(viewer) ? true : "forbidden";
}
