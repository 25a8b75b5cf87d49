// Who may do what with a comment: read, edit, delete, report, moderate. A comment is seen where its story is read.
import { canRead as canReadStory, type StoryFacts } from "./story";
import { type Decision, isModeratorRole, type Viewer } from "./viewer";

export interface CommentFacts {
  authorId: number;
  /** 'visible', 'held' (waiting for a moderator) or 'hidden' (by a moderator). */
  moderation?: string;
  /** Its writer is suspended: hidden from everyone but moderators. */
  writerSuspended?: boolean;
  /** The viewer blocks or mutes its writer: not in their view. */
  hiddenByViewer?: boolean;
}

/** On a story the viewer may read: visible and its writer in good standing, or the viewer's own held comment. */
export function canRead(viewer: Viewer, comment: CommentFacts, story: StoryFacts): boolean {
  if (!canReadStory(viewer, story)) return false;
  const own = viewer !== null && viewer.id === comment.authorId;
  if (own && comment.moderation === "held") return true;
  return (comment.moderation ?? "visible") === "visible" && !comment.writerSuspended && !comment.hiddenByViewer;
}

/** Only its writer edits it, while they may read the story; to whoever cannot see it, it does not exist. */
export function canEdit(viewer: Viewer, comment: CommentFacts, story: StoryFacts): Decision {
  if (!viewer) return "signed_out";
  if (!canReadStory(viewer, story)) return "hidden";
  return viewer.id === comment.authorId ? true : "forbidden";
}

/** Its writer and the story's author delete it, even on a story no longer published (their text, their page). */
export function canDelete(viewer: Viewer, comment: CommentFacts, story: StoryFacts): Decision {
  if (!viewer) return "signed_out";
  if (viewer.id === comment.authorId || viewer.id === story.authorId) return true;
  return canReadStory(viewer, story) ? "forbidden" : "hidden";
}

/** Report it: a signed-in reader who can see it, and not its writer. */
export function canReport(viewer: Viewer, comment: CommentFacts, story: StoryFacts): Decision {
  if (!viewer) return "signed_out";
  if (!canRead(viewer, comment, story)) return "hidden";
  return viewer.id === comment.authorId ? "self" : true;
}

/** Approve, hide or restore: moderators and admins only. */
export function canModerate(viewer: Viewer): Decision {
  if (!viewer) return "signed_out";
  return isModeratorRole(viewer) ? true : "forbidden";
}
