// What a notification says and where it leads, by type. Kept apart from the component so the email worker's texts
// can follow the same wording.
import { authorPath, collectionPath, ROUTES } from "../../../shared/routes";
import type { NotificationView } from "../../../shared/schemas/community";
import { contentRatingLabel } from "../../../shared/tagging";

export interface NotificationText {
  /** The sentence, with the story title (if any) as its own part so it can be emphasised. */
  before: string;
  title?: string;
  after?: string;
  href: string;
  /** The author page is the server's, not a client route: a plain link. */
  external: boolean;
}

const likes = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "like" : "likes"}`;

export function notificationText(n: NotificationView): NotificationText {
  const who = n.actor?.username ?? "Someone";
  const title = n.story?.title.trim() || "Untitled";
  const storyId = n.story?.id ?? 0;
  if (n.type === "moderation_action" || n.type === "report_decided") return moderationText(n);
  const inCollection = n.collection ? ` ${n.collection.title}` : "";
  const collectionHref = n.collection ? collectionPath(n.collection.name) : ROUTES.notifications;
  if (n.type === "assignment" || n.type === "assignment_due") {
    // Issue 33: an assignment tells no story (the gift is not written yet).
    return {
      before:
        n.type === "assignment"
          ? `Your gift exchange assignment in${inCollection || " a collection"} is ready`
          : `Your gift for${inCollection || " a gift exchange"} is due in 2 days`,
      href: ROUTES.notifications,
      external: false,
    };
  }
  if (!n.story && n.type !== "new_follower" && n.type !== "co_creator_invite") {
    return { before: "About a story that is no longer available", href: ROUTES.notifications, external: false };
  }
  switch (n.type) {
    case "comment":
      // The author's own story: the Feedback panel, open at that comment.
      return {
        before: `${who} commented on `,
        title,
        href: n.commentId ? ROUTES.feedbackAt(storyId, n.commentId) : ROUTES.details(storyId),
        external: false,
      };
    case "reply":
      return { before: `${who} replied to your comment on `, title, href: ROUTES.read(storyId), external: false };
    case "new_chapter":
      return {
        before: `${who} posted chapter ${n.chapterNumber ?? ""} of `,
        title,
        href: ROUTES.read(storyId),
        external: false,
      };
    case "new_story":
      return { before: `${who} published a new story: `, title, href: ROUTES.read(storyId), external: false };
    case "new_follower":
      return n.actor
        ? { before: `${who} started following you`, href: authorPath(n.actor.username), external: true }
        : { before: "Someone started following you", href: ROUTES.notifications, external: false };
    case "like_milestone":
      return {
        before: "",
        title,
        after: ` reached ${likes(n.milestone ?? 0)}`,
        href: ROUTES.details(storyId),
        external: false,
      };
    case "series_work":
      return {
        before: `${who} added `,
        title,
        after: n.series ? ` to the series ${n.series.title}` : " to a series you follow",
        href: ROUTES.read(storyId),
        external: false,
      };
    case "co_creator_invite":
      // The story may be a draft the invitee cannot read yet: its title comes with the invitation.
      return n.story
        ? {
            before: `${who} invited you to co-create `,
            title,
            href: n.subject?.state === "accepted" ? ROUTES.story(storyId) : ROUTES.notifications,
            external: false,
          }
        : {
            before: "An invitation to co-create a work that is no longer available",
            href: ROUTES.notifications,
            external: false,
          };
    case "co_creator_answer":
      return {
        before: `${who} ${n.subject?.state === "declined" ? "declined" : "accepted"} your invitation to co-create `,
        title,
        href: ROUTES.details(storyId),
        external: false,
      };
    case "gift":
      return { before: `${who} gave you a gift: `, title, href: ROUTES.read(storyId), external: false };
    case "related_work":
      return {
        before: `${who} linked their work `,
        title,
        after: " to yours",
        href: ROUTES.read(storyId),
        external: false,
      };
    case "chapter_live":
      return n.chapterNumber
        ? { before: `Chapter ${n.chapterNumber} went live: `, title, href: ROUTES.story(storyId), external: false }
        : { before: "", title, after: " went live", href: ROUTES.story(storyId), external: false };
    case "collection_work":
      return {
        before: `${who} added `,
        title,
        after: ` to the collection${inCollection}`,
        href: ROUTES.read(storyId),
        external: false,
      };
    case "collection_item":
      return n.subject?.state === "pending"
        ? {
            before: "",
            title,
            after: ` waits for your approval in${inCollection}`,
            href: collectionHref,
            external: true,
          }
        : {
            before: "",
            title,
            after:
              n.subject?.state === "declined" ? ` was not accepted in${inCollection}` : ` is now in${inCollection}`,
            href: collectionHref,
            external: true,
          };
    case "collection_invite":
      // Answered (Accept / Decline) on the Collections page's list of invitations.
      return {
        before: `${who} invited `,
        title,
        after: ` to the collection${inCollection}`,
        href: ROUTES.collections,
        external: false,
      };
    case "prompt_fill":
      return {
        before: `${who} filled your prompt in${inCollection} with `,
        title,
        href: ROUTES.read(storyId),
        external: false,
      };
  }
}

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** Issue 18: a decision about the reader's own work or account, or about a report they made. */
export function moderationText(n: NotificationView): NotificationText {
  const m = n.moderation;
  const href = ROUTES.notifications;
  const label = m?.label ?? undefined;
  const reason = m?.reason ? `. Reason: ${m.reason}` : "";
  if (n.type === "report_decided") {
    const outcome =
      m?.action === "dismiss"
        ? ": we found it within the rules, so nothing changed."
        : " and took action. Thank you for helping keep FicForge safe.";
    return label
      ? { before: "We reviewed your report about ", title: label, after: outcome, href, external: false }
      : { before: `We reviewed your report${outcome}`, href, external: false };
  }
  switch (m?.action) {
    case "hide-comment":
      return { before: "A moderator hid your comment ", title: label, after: reason, href, external: false };
    case "unpublish-story":
      return { before: "A moderator unpublished your story ", title: label, after: reason, href, external: false };
    case "set-rating":
      return {
        before: "A moderator changed the rating of ",
        title: label,
        after: ` to ${contentRatingLabel(m.rating ?? "")}${reason}`,
        href,
        external: false,
      };
    case "suspend-user":
      return {
        before: `Your account was suspended until ${m.until ? DATE.format(new Date(m.until)) : "further notice"}${reason}`,
        href,
        external: false,
      };
    case "ban-user":
      return { before: `Your account was banned permanently${reason}`, href, external: false };
    case "restore":
      return label && m.targetType !== "user"
        ? { before: "A moderator restored ", title: label, after: reason, href, external: false }
        : { before: `A moderator restored your account${reason}`, href, external: false };
    case "dismiss":
      return { before: `We reviewed your appeal and the decision stands${reason}`, href, external: false };
    default:
      return { before: "A moderator reviewed something of yours", href, external: false };
  }
}

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function timeAgo(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(amount)) return "";
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return "";
}
