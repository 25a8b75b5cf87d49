// A user's notifications: the page (newest first, keyset on id), the bell's unread count, marking read.
import { actorNameShownTo } from "../policies/anonymity";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  NOTIFICATION_NOT_FOUND,
  type NotificationPage,
  type NotificationKind,
  type NotificationView,
  UNREAD_CAP,
} from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { APPEALABLE_ACTIONS, type NotificationModeration } from "../../shared/schemas/moderation";
import {
  collectionItems,
  collections,
  moderationAudit,
  notifications,
  relatedWorks,
  series,
  stories,
  storyCoCreators,
  users,
} from "../db/schema";
import { notFound } from "../errors";
import { readableBy, type Viewer } from "../policies/visibility";
import { notHiddenFrom } from "../safety/blocks";

const actors = alias(users, "actor");

/**
 * The user's notifications, newest first. A story the user may no longer read (unpublished since, or now mature for
 * a free reader) is left out of its notification (`story: null`), so its title is not shown.
 */
export async function listNotifications(
  db: Db,
  viewer: NonNullable<Viewer>,
  query: { cursor?: string; limit: number },
): Promise<NotificationPage> {
  // Earlier notifications from someone the viewer now blocks or mutes are hidden too.
  const mine = and(eq(notifications.userId, viewer.id), notHiddenFrom(viewer.id, notifications.actorId));
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      // Issue 33: a creator of an anonymous work shows as 'Anonymous'.
      actorName: actorNameShownTo(notifications.storyId, notifications.actorId, actors.username, viewer.id),
      storyId: stories.id,
      storyTitle: stories.title,
      commentId: notifications.commentId,
      chapterNumber: notifications.chapterNumber,
      milestone: notifications.milestone,
      audit: moderationAudit,
      seriesId: series.id,
      seriesTitle: series.title,
      collectionName: collections.name,
      collectionTitle: collections.title,
      // Issue 30: an invitation names its story to the invitee even while it is a draft they cannot read yet.
      invitedStoryId: storyCoCreators.storyId,
      invitedStoryTitle: sql<string | null>`(select s.title from stories s where s.id = ${storyCoCreators.storyId})`,
      invitationId: storyCoCreators.id,
      invitationState: storyCoCreators.state,
      linkApprovedAt: relatedWorks.approvedAt,
      collectionItemState: collectionItems.state,
      linkId: relatedWorks.id,
      appealed: sql<boolean>`exists (select 1 from reports r where r.kind = 'appeal' and r.appeal_of = ${notifications.auditId})`,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(stories, and(eq(stories.id, notifications.storyId), readableBy(viewer)))
    .leftJoin(moderationAudit, eq(moderationAudit.id, notifications.auditId))
    .leftJoin(series, eq(series.id, notifications.seriesId))
    .leftJoin(collections, eq(collections.id, notifications.collectionId))
    .leftJoin(
      storyCoCreators,
      and(
        sql`${notifications.type} in ('co_creator_invite', 'co_creator_answer')`,
        eq(storyCoCreators.id, notifications.subjectId),
      ),
    )
    .leftJoin(relatedWorks, and(eq(notifications.type, "related_work"), eq(relatedWorks.id, notifications.subjectId)))
    // Issue 33: an item's notification answers with the item's state now (an invitation still waiting, or decided).
    .leftJoin(
      collectionItems,
      and(
        sql`${notifications.type} in ('collection_item', 'collection_invite')`,
        eq(collectionItems.collectionId, notifications.collectionId),
        eq(collectionItems.storyId, notifications.storyId),
      ),
    )
    .where(query.cursor ? and(mine, lt(notifications.id, Number(query.cursor))) : mine)
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      type: row.type as NotificationKind,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
      actor: row.actorName === null ? null : { username: row.actorName },
      story: storyOf(row),
      commentId: row.commentId,
      chapterNumber: row.chapterNumber,
      milestone: row.milestone,
      moderation: row.audit ? presentModeration(row.type, row.audit, row.appealed) : null,
      series: row.seriesId === null ? null : { id: row.seriesId, title: row.seriesTitle ?? "" },
      subject: subjectOf(row),
      collection: row.collectionName === null ? null : { name: row.collectionName, title: row.collectionTitle ?? "" },
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

interface SubjectRow {
  type: string;
  storyId: number | null;
  storyTitle: string | null;
  invitedStoryId: number | null;
  invitedStoryTitle: string | null;
  invitationId: number | null;
  invitationState: string | null;
  linkId: number | null;
  linkApprovedAt: Date | null;
  collectionItemState?: string | null;
}

/** The story shown: one the viewer may read, or for an invitation to them, the invited story (a draft, perhaps). */
function storyOf(row: SubjectRow): { id: number; title: string } | null {
  if (row.storyId !== null) return { id: row.storyId, title: row.storyTitle ?? "" };
  // The answer to one's invitation names one's own work, a draft perhaps.
  if ((row.type === "co_creator_invite" || row.type === "co_creator_answer") && row.invitedStoryId !== null)
    return { id: row.invitedStoryId, title: row.invitedStoryTitle ?? "" };
  return null;
}

function subjectOf(row: SubjectRow): NotificationView["subject"] {
  if (row.invitationId !== null)
    return { id: row.invitationId, state: row.invitationState as "pending" | "accepted" | "declined" };
  if (row.linkId !== null) return { id: row.linkId, state: row.linkApprovedAt ? "accepted" : "pending" };
  if (row.collectionItemState && row.storyId !== null) {
    const state = row.collectionItemState;
    return {
      id: row.storyId,
      state: state === "approved" ? "accepted" : state === "rejected" ? "declined" : "pending",
    };
  }
  return null;
}

/** The decision a moderation notification tells about; the moderator's reason only to the person acted on. */
function presentModeration(
  type: string,
  audit: typeof moderationAudit.$inferSelect,
  appealed: boolean,
): NotificationModeration {
  const details = audit.details ?? {};
  const text = (key: string) => (typeof details[key] === "string" ? (details[key] as string) : null);
  const toPerson = type === "moderation_action";
  return {
    auditId: audit.id,
    action: audit.action,
    targetType: audit.targetType,
    reason: toPerson ? audit.reason : null,
    label: text("label"),
    rating: text("rating"),
    until: text("until"),
    appealable: toPerson && (APPEALABLE_ACTIONS as readonly string[]).includes(audit.action) && !appealed,
    appealed,
  };
}

/** Unread notifications up to UNREAD_CAP: one index range (notifications_unread_idx), bounded however many there are. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from notifications n where n.user_id = ${userId} and n.read_at is null
        and not exists (select 1 from user_blocks hb where hb.user_id = ${userId} and hb.other_id = n.actor_id)
      limit ${UNREAD_CAP}
    ) as unread`);
  const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** Marks one of the user's notifications read; another user's id, or one that never was, is a 404. */
export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
