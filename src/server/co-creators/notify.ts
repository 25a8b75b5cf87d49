// The two notifications of an invitation (issue 30): the invitee hears of it, the inviter of the answer. Each is one
// INSERT … SELECT with the same rules as every other kind (community/notification-rows.ts): the recipient's setting
// (off: no row; by email with a verified address: 'pending'), blocks and mutes of the actor, a suspended recipient.
// Unlike the others the story may be a draft: the invitee cannot read it yet, and the creator's answer names their
// own draft, so no "may read the story" rule applies. Keyed by the invitation, so a retry inserts nothing.
import { sql } from "drizzle-orm";
import type { NotificationType } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { affectedRows } from "../community/notification-rows";
import { DEFAULT_CHANNELS } from "../community/settings";

type Kind = Extract<NotificationType, "co_creator_invite" | "co_creator_answer">;

async function insertAbout(db: Db, kind: Kind, invitationId: number, recipient: "invitee" | "inviter") {
  const recipientId = recipient === "invitee" ? sql`cc.user_id` : sql`coalesce(cc.invited_by, s.author_id)`;
  const actorId = recipient === "invitee" ? sql`cc.invited_by` : sql`cc.user_id`;
  const channel = sql`coalesce(ns.channel, ${DEFAULT_CHANNELS[kind]})`;
  const result = await db.execute(sql`
    insert into notifications (user_id, type, actor_id, story_id, subject_id, dedupe_key, email_state)
    select r.user_id, ${kind}, r.actor_id, r.story_id, r.subject_id, ${`${kind}:`} || r.subject_id,
      case when ${channel} = 'email' and u.email_verified then 'pending' else 'none' end
    from (select ${recipientId} as user_id, ${actorId} as actor_id, cc.story_id, cc.id as subject_id
          from story_co_creators cc join stories s on s.id = cc.story_id where cc.id = ${invitationId}) r
    join users u on u.id = r.user_id
    left join notification_settings ns on ns.user_id = r.user_id and ns.type = ${kind}
    where ${channel} <> 'off'
      and r.user_id is distinct from r.actor_id
      and not exists (select 1 from user_blocks hb where hb.user_id = r.user_id and hb.other_id = r.actor_id)
      and not (u.suspended_until is not null and u.suspended_until > now())
    on conflict (user_id, dedupe_key) do nothing`);
  return affectedRows(result);
}

/** The invitee hears of a new invitation. */
export const notifyInvitation = (db: Db, invitationId: number) =>
  insertAbout(db, "co_creator_invite", invitationId, "invitee");

/** The inviter (or, if their account is gone, the creator) hears of the answer, once per invitation. */
export const notifyAnswer = (db: Db, invitationId: number) =>
  insertAbout(db, "co_creator_answer", invitationId, "inviter");
