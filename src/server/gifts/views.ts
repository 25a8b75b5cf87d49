// What a work's pages show of its gifts and links, computed when those views are built (they are cached; the caches
// drop when a gift, link or linked work changes: app-subscribers.ts). A FicForge original is named only when
// whoever may read this work may read it too (as stories/series-parts.ts links neighbours); otherwise the relation shows
// without its title.
import { creatorNameShownTo, storyAlias } from "../policies/anonymity";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { publicStoryPath } from "../../shared/routes";
import type {
  GiftsAndLinksView,
  InspiredWorkView,
  OwnGiftsAndLinks,
  Relation,
  RelatedWorkView,
} from "../../shared/schemas/gifts";
import type { Db } from "../db/client";
import { relatedWorks, stories, users } from "../db/schema";
import { inGoodStanding } from "../visibility/standing";
import { recipientsOf } from "./gifts";
import type { Viewer } from "../policies/visibility";

/** What decides who may read the work the lines are on. */
export interface ReaderFacts {
  rating: string;
  audience: string;
}

interface Linked {
  shown: boolean | null;
  rating: string | null;
  audience: string | null;
}

/** Shown (published, not moderated), and no more restricted than the work the line is on. */
const linkable = (row: Linked, facts: ReaderFacts) =>
  row.shown === true &&
  (row.rating === "general" || facts.rating !== "general") &&
  (row.audience === "everyone" || facts.audience === "members");

const other = alias(stories, "other");
// NOTE: storyNotModerated's conditions, on the alias.
// Issue 33: and not hidden in an unrevealed collection; an anonymous work's creator shows as 'Anonymous'.
const otherShown = sql<boolean>`(${other.published} and ${and(isNull(other.moderationHiddenAt), inGoodStanding(other.authorId))}
  and not ${other.unrevealed})`;
const otherAuthor = creatorNameShownTo(storyAlias("other"), null, users.username);

/** The lines of one work: who it is for, what it comes from, and (approved) what comes from it. */
export async function giftsAndLinksOf(db: Db, storyId: number, facts: ReaderFacts): Promise<GiftsAndLinksView> {
  const [giftedTo, related, inspired] = await Promise.all([
    recipientsOf(db, storyId),
    relatedOf(db, storyId, facts),
    inspiredBy(db, storyId, facts),
  ]);
  return { giftedTo: giftedTo.map((username) => ({ username })), relatedWorks: related, inspiredWorks: inspired };
}

async function relatedOf(db: Db, storyId: number, facts: ReaderFacts): Promise<RelatedWorkView[]> {
  const rows = await db
    .select({
      link: relatedWorks,
      title: other.title,
      author: otherAuthor,
      shown: otherShown,
      rating: other.rating,
      audience: other.audience,
    })
    .from(relatedWorks)
    .leftJoin(other, eq(other.id, relatedWorks.relatedStoryId))
    .leftJoin(users, eq(users.id, other.authorId))
    .where(eq(relatedWorks.storyId, storyId))
    .orderBy(asc(relatedWorks.position), asc(relatedWorks.id));
  return rows.map(({ link, ...row }): RelatedWorkView => {
    const relation = link.relation as Relation;
    if (link.url !== null && link.relatedStoryId === null && link.title !== null) {
      return {
        kind: "outside",
        relation,
        language: link.language,
        url: link.url,
        title: link.title,
        author: link.author ?? "",
      };
    }
    const id = link.relatedStoryId;
    const story =
      id !== null && row.title !== null && linkable(row, facts)
        ? { id, title: row.title, author: row.author ?? "", path: publicStoryPath(id, row.title) }
        : null;
    return { kind: "story", relation, language: link.language, story };
  });
}

async function inspiredBy(db: Db, storyId: number, facts: ReaderFacts): Promise<InspiredWorkView[]> {
  const rows = await db
    .select({
      id: other.id,
      title: other.title,
      author: otherAuthor,
      relation: relatedWorks.relation,
      shown: otherShown,
      rating: other.rating,
      audience: other.audience,
    })
    .from(relatedWorks)
    .innerJoin(other, eq(other.id, relatedWorks.storyId))
    .innerJoin(users, eq(users.id, other.authorId))
    .where(and(eq(relatedWorks.relatedStoryId, storyId), isNotNull(relatedWorks.approvedAt)))
    .orderBy(asc(relatedWorks.approvedAt), asc(relatedWorks.id))
    .limit(50);
  return rows
    .filter((row) => linkable(row, facts))
    .map((row) => ({
      id: row.id,
      title: row.title,
      author: row.author,
      relation: row.relation as Relation,
      path: publicStoryPath(row.id, row.title),
    }));
}

/** The owner's view: what the details page and the publish dialog edit (an original's title while they may read it). */
export async function ownGiftsAndLinks(db: Db, owner: NonNullable<Viewer>, storyId: number): Promise<OwnGiftsAndLinks> {
  const [giftedTo, rows] = await Promise.all([
    recipientsOf(db, storyId),
    db
      .select({
        link: relatedWorks,
        title: sql<string | null>`case when ${other.id} is not null and ${otherShown}
          and (${other.rating} = 'general' or ${owner.isPremium} or ${other.authorId} = ${owner.id})
          then ${other.title} end`,
      })
      .from(relatedWorks)
      .leftJoin(other, eq(other.id, relatedWorks.relatedStoryId))
      .where(eq(relatedWorks.storyId, storyId))
      .orderBy(asc(relatedWorks.position), asc(relatedWorks.id)),
  ]);
  const links: OwnGiftsAndLinks["relatedWorks"] = [];
  for (const { link, title } of rows) {
    const relation = link.relation as Relation;
    const language = link.language ?? undefined;
    const approved = link.approvedAt !== null;
    if (link.relatedStoryId !== null) {
      links.push({
        id: link.id,
        storyId: link.relatedStoryId,
        relation,
        language,
        title: title ?? undefined,
        approved,
      });
    } else if (link.url !== null && link.title !== null) {
      const outside = { url: link.url, title: link.title, author: link.author ?? "", relation, language };
      links.push({ id: link.id, ...outside, approved });
    }
  }
  return { giftedTo, relatedWorks: links };
}

/**
 * The works whose cached views show a line about `storyId`: the works linking to it, and the originals listing it
 * as approved. What to drop when its title or visibility changes.
 */
export async function linkedWorksOf(db: Db, storyId: number): Promise<number[]> {
  const rows = await db
    .select({ storyId: relatedWorks.storyId, relatedStoryId: relatedWorks.relatedStoryId })
    .from(relatedWorks)
    .where(
      or(
        eq(relatedWorks.relatedStoryId, storyId),
        and(eq(relatedWorks.storyId, storyId), isNotNull(relatedWorks.approvedAt)),
      ),
    );
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.storyId !== storyId) ids.add(row.storyId);
    if (row.relatedStoryId !== null && row.relatedStoryId !== storyId) ids.add(row.relatedStoryId);
  }
  return [...ids];
}

/**
 * The works whose cached views name `userId` in a gift or link line: the works gifted to them, the works linking to
 * theirs, and the originals listing theirs. What to drop when they rename.
 */
export async function worksNamingUser(db: Db, userId: number): Promise<number[]> {
  const result = await db.execute(sql`
    select g.story_id as id from story_gifts g where g.user_id = ${userId} and g.refused_at is null
    union
    select rw.story_id from related_works rw join stories o on o.id = rw.related_story_id where o.author_id = ${userId}
    union
    select rw.related_story_id from related_works rw join stories n on n.id = rw.story_id
    where n.author_id = ${userId} and rw.approved_at is not null and rw.related_story_id is not null`);
  // NOTE: node-postgres and PGlite both answer { rows }.
  return ((result as { rows?: { id: number }[] }).rows ?? []).map((r) => Number(r.id));
}
