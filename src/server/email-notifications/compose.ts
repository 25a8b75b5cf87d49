// The notification email: one line per notification with a link to it, text and HTML bodies, and the
// List-Unsubscribe headers (RFC 2369) with one-click unsubscribe (RFC 8058).
import { authorPath, ROUTES } from "../../shared/routes";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml } from "../html/escape";

export interface EmailItem {
  type: string;
  actorName: string | null;
  storyId: number | null;
  storyTitle: string | null;
  chapterN: number | null;
  /** The likes a story reached (like_milestone). */
  milestone: number | null;
  /** The comment's text for comments and replies (null once deleted). */
  commentText: string | null;
  /** Issue 33: the collection's title, for collection, exchange and prompt notifications. */
  collectionTitle?: string | null;
}

export interface EmailBatch {
  to: string;
  username: string;
  cadence: "hourly" | "daily";
  items: EmailItem[];
  /** Pending notifications beyond `items` (a very busy hour or day), summed up by a count. */
  more: number;
  appUrl: string;
  unsubscribeUrl: string;
}

export const NOTIFICATIONS_PATH = "/dashboard/notifications";
const QUOTE_MAX = 200;

/** What happened, in one line, and where to see it. */
export function describeItem(item: EmailItem, appUrl: string): { line: string; link: string } {
  const actor = item.actorName ?? "Someone";
  const title = item.storyTitle ? `“${item.storyTitle}”` : "your story";
  const reader = item.storyId ? appUrl + ROUTES.read(item.storyId) : appUrl + NOTIFICATIONS_PATH;
  const collection = item.collectionTitle ? `“${item.collectionTitle}”` : "a collection";
  const details = item.storyId ? appUrl + ROUTES.details(item.storyId) : appUrl + NOTIFICATIONS_PATH;
  switch (item.type) {
    case "comment":
      return { line: `${actor} commented on ${title}`, link: details };
    case "reply":
      return { line: `${actor} replied to your comment on ${item.storyTitle ? title : "a story"}`, link: reader };
    case "new_chapter":
      return {
        line: item.chapterN ? `Chapter ${item.chapterN} of ${title} is out` : `${title} has a new chapter`,
        link: reader,
      };
    case "new_story":
      return { line: `${actor} published a new story, ${title}`, link: reader };
    case "new_follower":
      return {
        line: `${actor} started following you`,
        link: item.actorName ? appUrl + authorPath(item.actorName) : appUrl + NOTIFICATIONS_PATH,
      };
    case "like_milestone": {
      const n = item.milestone ?? undefined;
      const likes =
        n === undefined ? "a new milestone of likes" : `${n.toLocaleString("en-US")} ${n === 1 ? "like" : "likes"}`;
      return { line: `${title} reached ${likes}`, link: details };
    }
    case "series_work":
      return { line: `${actor} added ${title} to a series you subscribe to`, link: reader };
    case "co_creator_invite":
      return { line: `${actor} invited you to co-create ${title}`, link: appUrl + NOTIFICATIONS_PATH };
    case "co_creator_answer":
      return { line: `${actor} answered your invitation to co-create ${title}`, link: appUrl + NOTIFICATIONS_PATH };
    case "gift":
      return { line: `${actor} gave you a gift: ${title}`, link: reader };
    case "related_work":
      return { line: `${actor} linked their work ${title} to yours`, link: appUrl + NOTIFICATIONS_PATH };
    case "chapter_live":
      return {
        line: item.chapterN ? `Chapter ${item.chapterN} of ${title} went live` : `${title} went live`,
        link: item.storyId ? appUrl + ROUTES.story(item.storyId) : appUrl + NOTIFICATIONS_PATH,
      };
    case "collection_work":
      return { line: `${actor} added ${title} to the collection ${collection}`, link: reader };
    case "collection_item":
      return { line: `News of ${title} in the collection ${collection}`, link: appUrl + NOTIFICATIONS_PATH };
    case "collection_invite":
      return { line: `${actor} invited ${title} to the collection ${collection}`, link: appUrl + NOTIFICATIONS_PATH };
    case "assignment":
      return { line: `Your gift exchange assignment in ${collection} is ready`, link: appUrl + NOTIFICATIONS_PATH };
    case "assignment_due":
      return { line: `Your gift for ${collection} is due in 2 days`, link: appUrl + NOTIFICATIONS_PATH };
    case "prompt_fill":
      return { line: `${actor} filled your prompt in ${collection} with ${title}`, link: reader };
    default:
      return { line: "You have a new notification", link: appUrl + NOTIFICATIONS_PATH };
  }
}

function quoteOf(item: EmailItem): string | undefined {
  if ((item.type !== "comment" && item.type !== "reply") || !item.commentText) return undefined;
  const text = item.commentText.replace(/\s+/g, " ").trim();
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1).trimEnd()}…` : text;
}

function subjectOf(batch: EmailBatch, total: number, first: string): string {
  if (batch.cadence === "daily")
    return `Your FicForge daily digest: ${total} ${total === 1 ? "notification" : "notifications"}`;
  return total === 1 ? first : `${total} new notifications on FicForge`;
}

export function notificationEmail(batch: EmailBatch): MailMessage {
  const entries = batch.items.map((item) => ({ ...describeItem(item, batch.appUrl), quote: quoteOf(item) }));
  const total = batch.items.length + batch.more;
  const settingsUrl = batch.appUrl + ROUTES.settings;
  const allUrl = batch.appUrl + NOTIFICATIONS_PATH;
  const intro =
    batch.cadence === "daily" ? "Here is what happened on FicForge since your last digest:" : "New on FicForge:";
  const footer = [
    "You get this email because notification emails are on for your FicForge account.",
    `Choose which notifications are emailed, or get a daily digest: ${settingsUrl}`,
    `Unsubscribe from all notification emails: ${batch.unsubscribeUrl}`,
  ];
  const text = [
    `Hi ${batch.username},`,
    "",
    intro,
    "",
    ...entries.flatMap((e) => [`- ${e.line}`, ...(e.quote ? [`  “${e.quote}”`] : []), `  ${e.link}`, ""]),
    ...(batch.more > 0 ? [`And ${batch.more} more: ${allUrl}`, ""] : []),
    "— FicForge",
    "",
    ...footer,
  ].join("\n");
  const muted = 'style="font-size:13px;color:#555"';
  const html = [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;max-width:560px">',
    `<p>Hi ${escapeHtml(batch.username)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul style="padding-left:20px">',
    ...entries.map(
      (e) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(e.link)}" style="color:#6d28d9">${escapeHtml(e.line)}</a>` +
        (e.quote ? `<br><span ${muted}>“${escapeHtml(e.quote)}”</span>` : "") +
        "</li>",
    ),
    "</ul>",
    ...(batch.more > 0
      ? [`<p><a href="${escapeHtml(allUrl)}" style="color:#6d28d9">And ${batch.more} more</a></p>`]
      : []),
    "<p>— FicForge</p>",
    `<hr style="border:none;border-top:1px solid #ddd">`,
    `<p ${muted}>You get this email because notification emails are on for your FicForge account.<br>`,
    `<a href="${escapeHtml(settingsUrl)}" style="color:#555">Notification settings</a> · `,
    `<a href="${escapeHtml(batch.unsubscribeUrl)}" style="color:#555">Unsubscribe from all notification emails</a></p>`,
    "</div>",
  ].join("\n");
  return {
    to: batch.to,
    subject: subjectOf(batch, total, entries[0]?.line ?? "New on FicForge"),
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${batch.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
