// Who asks and what a policy answers (policies/, decision 0054). A policy is a pure function of facts the caller
// already read (the viewer's row, the story's or comment's columns, who blocks whom); the caller turns a refusal
// into its own status and words, so every route keeps its answer while the rule lives in one place.
import type { UserRow } from "../types";

/** The person asking, as the session lookup read them (a suspended account has no session); null signed out. */
export type PolicyViewer = Pick<UserRow, "id" | "isPremium"> & Partial<Pick<UserRow, "role">>;
export type Viewer = PolicyViewer | null;

/**
 * Why not: `hidden` answers as if the thing did not exist (404), `forbidden` may say it exists (403), `blocked` is
 * the neutral refusal of a write aimed at someone who blocked the viewer, `plan` needs FicForge Plus, `self` is an
 * act on one's own work that makes no sense (reporting it), `signed_out` needs an account.
 */
export type Refusal = "hidden" | "forbidden" | "blocked" | "plan" | "self" | "signed_out";
export type Decision = true | Refusal;

/** Moderators and admins (roles are granted only from the command line). */
export const isModeratorRole = (viewer: Viewer): boolean => viewer?.role === "moderator" || viewer?.role === "admin";

/** The ids among `ownerIds` (other than the viewer) that block the viewer: the caller reads them from user_blocks. */
export interface BlockFacts {
  blockedBy: readonly number[];
}
export const NO_BLOCKS: BlockFacts = { blockedBy: [] };
