// Words for the moderation page: report reasons, actions, target kinds.
import type { ModerationAction, TargetView } from "../../../shared/schemas/moderation";
import { REPORT_REASON_LABELS } from "../../../shared/schemas/safety";

export const REASON_LABELS: Record<string, string> = { ...REPORT_REASON_LABELS, appeal: "Appeal" };

export const ACTION_LABELS: Record<string, string> = {
  dismiss: "Dismiss (no rule broken)",
  "hide-comment": "Hide the comment",
  "unpublish-story": "Unpublish the story",
  "set-rating": "Change the rating",
  "suspend-user": "Suspend the person",
  "ban-user": "Ban the person",
  restore: "Restore",
  "grant-admin": "Made admin",
  "grant-moderator": "Made moderator",
  "grant-wrangler": "Made wrangler",
  revoke: "Role revoked",
  "tag-synonym": "Made a tag a synonym",
  "tag-unsynonym": "Undid a synonym",
  "tag-canonical": "Made a tag canonical",
  "tag-fandom": "Set a tag's fandom",
};

/** The actions that make sense for a target, in the order the form offers them. */
export function actionsFor(kind: "report" | "appeal" | "held", target: TargetView): ModerationAction[] {
  if (kind === "held") return ["restore", "hide-comment", "suspend-user", "ban-user"];
  const person: ModerationAction[] = ["suspend-user", "ban-user"];
  switch (target.type) {
    case "comment":
      return ["dismiss", "hide-comment", ...person, "restore"];
    case "story":
    case "chapter":
      return ["dismiss", "unpublish-story", "set-rating", ...person, "restore"];
    case "user":
      return ["dismiss", ...person, "restore"];
    default:
      return ["dismiss"];
  }
}
