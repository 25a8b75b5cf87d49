// Who may do what with a person: edit (their own profile and account), follow, report, moderate.
import { type BlockFacts, type Decision, isModeratorRole, NO_BLOCKS, type Viewer } from "./viewer";

export interface UserFacts {
  id: number;
}

/** Only the person edits their profile, settings and account. */
export function canEdit(viewer: Viewer, user: UserFacts): Decision {
  if (!viewer) return "signed_out";
  return viewer.id === user.id ? true : "forbidden";
}

/**
 * Follow them, or write to anything of theirs (a like, a comment on their story, a reply to them): refused, with
 * the neutral answer, when they blocked the viewer.
 */
export function canInteract(viewer: Viewer, user: UserFacts, blocks: BlockFacts = NO_BLOCKS): Decision {
  if (!viewer) return "signed_out";
  if (viewer.id === user.id) return true;
  return blocks.blockedBy.includes(user.id) ? "blocked" : true;
}

/** Report them: anyone signed in, except about themselves. */
export function canReport(viewer: Viewer, user: UserFacts): Decision {
  if (!viewer) return "signed_out";
  return viewer.id === user.id ? "self" : true;
}

/** Suspend, ban or lift: moderators and admins; granting roles is the command line's alone. */
export function canModerate(viewer: Viewer): Decision {
  if (!viewer) return "signed_out";
  return isModeratorRole(viewer) ? true : "forbidden";
}
