// Related works: the works a new work comes from ('Inspired by …', 'Translation of …'), on FicForge or elsewhere.
// Checked before the save's transaction (a FicForge original must be one the writer may read now; the refusal never
// names it), written inside it (an unchanged link keeps its row, and so its approval), and announced to the
// original's author once per link when the new work is public. The original's author approves or rejects a link:
// rejecting takes it off the original's pages only; the new work is its writer's and keeps saying where it comes from.
import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import {
  RELATED_NOT_FOUND,
  RELATED_SELF,
  RELATED_UNAVAILABLE,
  type Relation,
  type RelatedWorkInput,
} from "../../shared/schemas/gifts";
import { WRITE_UNAVAILABLE } from "../../shared/schemas/safety";
import type { Db } from "../db/client";
import { relatedWorks, stories, userBlocks } from "../db/schema";
import { AppError, notFound } from "../errors";
import { affectedRows, insertNotifications } from "../community/notification-rows";
import { readableBy, type Viewer } from "../policies/visibility";

/** A link ready to store: a FicForge work with its author, or an outside one. */
export type ResolvedLink =
  | { storyId: number; authorId: number; relation: Relation; language: string | null }
  | { url: string; title: string; author: string; relation: Relation; language: string | null };

const linkError = (message: string, status = 400, code = "VALIDATION") =>
  new AppError(status, code, message, { fields: { relatedWorks: message } });

const languageOf = (link: RelatedWorkInput) =>
  link.relation === "translation-of" && link.language ? link.language : null;

/**
 * The links, checked: a new FicForge original must be one `writer` may read now (published, not moderated, not
 * mature for a free writer; their own drafts are not linkable either), and neither author may have blocked the other.
 */
export async function resolveLinksOrThrow(
  db: Db,
  writer: NonNullable<Viewer>,
  storyId: number,
  links: readonly RelatedWorkInput[],
): Promise<ResolvedLink[]> {
  const ids = links.flatMap((l) => ("storyId" in l ? [l.storyId] : []));
  if (ids.includes(storyId)) throw linkError(RELATED_SELF);
  // A link the work already has stays (its original may have been hidden since; the pages then leave out its title).
  const kept =
    ids.length === 0
      ? []
      : await db
          .select({ id: stories.id, authorId: stories.authorId })
          .from(relatedWorks)
          .innerJoin(stories, eq(stories.id, relatedWorks.relatedStoryId))
          .where(and(eq(relatedWorks.storyId, storyId), inArray(relatedWorks.relatedStoryId, ids)));
  const added = ids.filter((id) => !kept.some((k) => k.id === id));
  const found =
    added.length === 0
      ? []
      : await db
          .select({ id: stories.id, authorId: stories.authorId })
          .from(stories)
          .where(and(inArray(stories.id, added), readableBy(writer)));
  const authorOf = new Map([...kept, ...found].map((s) => [s.id, s.authorId]));
  if (ids.some((id) => !authorOf.has(id))) throw linkError(RELATED_UNAVAILABLE);
  const others = [...new Set(found.map((s) => s.authorId).filter((id) => id !== writer.id))];
  if (others.length > 0) {
    const [blocked] = await db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(
        and(
          eq(userBlocks.kind, "block"),
          or(
            and(eq(userBlocks.userId, writer.id), inArray(userBlocks.otherId, others)),
            and(eq(userBlocks.otherId, writer.id), inArray(userBlocks.userId, others)),
          ),
        ),
      )
      .limit(1);
    if (blocked) throw linkError(WRITE_UNAVAILABLE, 403, "UNAVAILABLE");
  }
  return links.map((l) =>
    "storyId" in l
      ? { storyId: l.storyId, authorId: authorOf.get(l.storyId)!, relation: l.relation, language: languageOf(l) }
      : { url: l.url, title: l.title, author: l.author, relation: l.relation, language: languageOf(l) },
  );
}

/**
 * Inside the save's transaction: the work links exactly `links` now, in order. A link already there (the same
 * original, or the same address) keeps its row and approval; a link to the writer's own work is approved at once.
 * Answers the originals whose 'Works inspired by this' lost an approved link (their cached pages change).
 */
export async function saveLinks(
  tx: Db,
  storyId: number,
  writerId: number,
  links: readonly ResolvedLink[],
  now: Date,
): Promise<number[]> {
  const existing = await tx.select().from(relatedWorks).where(eq(relatedWorks.storyId, storyId));
  const kept: number[] = [];
  for (const [position, link] of links.entries()) {
    const same = existing.find((row) =>
      "storyId" in link ? row.relatedStoryId === link.storyId : row.relatedStoryId === null && row.url === link.url,
    );
    const fields =
      "storyId" in link
        ? { relation: link.relation, language: link.language, position }
        : { url: link.url, title: link.title, author: link.author, relation: link.relation, language: link.language };
    if (same) {
      await tx
        .update(relatedWorks)
        .set({ ...fields, position })
        .where(eq(relatedWorks.id, same.id));
      kept.push(same.id);
      continue;
    }
    const [row] = await tx
      .insert(relatedWorks)
      .values({
        storyId,
        ...fields,
        position,
        ...("storyId" in link
          ? { relatedStoryId: link.storyId, approvedAt: link.authorId === writerId ? now : null }
          : {}),
        createdAt: now,
      })
      .returning({ id: relatedWorks.id });
    kept.push(row!.id);
  }
  const gone = existing.filter((row) => !kept.includes(row.id));
  if (gone.length > 0) {
    await tx.delete(relatedWorks).where(
      and(
        eq(relatedWorks.storyId, storyId),
        notInArray(
          relatedWorks.id,
          kept.length > 0 ? kept : [0], // NOTE: `not in ()` is no SQL; id 0 is never a row's.
        ),
      ),
    );
  }
  return gone.flatMap((row) => (row.approvedAt && row.relatedStoryId !== null ? [row.relatedStoryId] : []));
}

/**
 * Each original's author hears of a link to their work once ('related_work:<link id>'), when the new work is public
 * and they may read it; links to one's own work are approved already and tell nobody.
 */
export async function notifyLinks(db: Db, storyId: number): Promise<number> {
  const pending = await db
    .select({ id: relatedWorks.id })
    .from(relatedWorks)
    .where(
      and(eq(relatedWorks.storyId, storyId), isNotNull(relatedWorks.relatedStoryId), isNull(relatedWorks.approvedAt)),
    );
  let inserted = 0;
  for (const { id } of pending) {
    inserted += affectedRows(
      await db.execute(
        insertNotifications(
          sql`select o.author_id, 'related_work', s.author_id, s.id, null::int, null::int, null::int,
              'related_work:' || rw.id
            from related_works rw join stories s on s.id = rw.story_id join stories o on o.id = rw.related_story_id
            where rw.id = ${id}
              and not exists (select 1 from user_blocks b
                where b.user_id = s.author_id and b.other_id = o.author_id and b.kind = 'block')`,
          { subjectId: id },
        ),
      ),
    );
  }
  return inserted;
}

/**
 * The original's author approves (the original lists the new work under 'Works inspired by this') or rejects (it
 * does not; the new work keeps its link). Answers the original's id. Anyone else's link is a 404.
 */
export async function answerLink(db: Db, userId: number, linkId: number, approve: boolean, now: Date) {
  const [row] = await db
    .update(relatedWorks)
    .set({ approvedAt: approve ? sql`coalesce(${relatedWorks.approvedAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(
      and(
        eq(relatedWorks.id, linkId),
        sql`${relatedWorks.relatedStoryId} in (select id from stories where author_id = ${userId})`,
      ),
    )
    .returning({ originalId: relatedWorks.relatedStoryId, storyId: relatedWorks.storyId });
  if (!row?.originalId) throw notFound(RELATED_NOT_FOUND);
  return { originalId: row.originalId, storyId: row.storyId };
}
