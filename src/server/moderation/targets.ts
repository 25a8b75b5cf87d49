// What a report or an action is about, read from the database: a comment, a story, a chapter of a story, a profile.
import { and, eq, inArray } from "drizzle-orm";
import type { ModerationTargetType, Role, TargetView } from "../../shared/schemas/moderation";
import type { Db } from "../db/client";
import { comments, stories, storyChapters, users } from "../db/schema";

export interface ResolvedTarget {
  view: TargetView;
  /** The story behind a story or chapter (or the comment's story). */
  storyId: number | null;
  commentId: number | null;
  /** Whom the target belongs to. */
  ownerId: number | null;
  /** A short name of the target the person acted on recognises (a title, the start of a comment, a username). */
  label: string;
}

const excerpt = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** `{storyId}:{n}` for chapter n; a plain id for the others. */
export function parseTargetId(type: ModerationTargetType, id: string): { id: number; n: number | null } | undefined {
  const match = /^(\d{1,9})(?::(\d{1,4}))?$/.exec(id);
  if (!match) return undefined;
  const n = match[2] === undefined ? null : Number(match[2]);
  if ((type === "chapter") !== (n !== null)) return undefined;
  return { id: Number(match[1]), n };
}

export async function resolveTarget(
  db: Db,
  type: ModerationTargetType,
  rawId: string,
): Promise<ResolvedTarget | undefined> {
  const parsed = parseTargetId(type, rawId);
  if (!parsed) return undefined;
  if (type === "comment") {
    const [row] = await db
      .select({
        id: comments.id,
        content: comments.content,
        authorId: comments.authorId,
        username: users.username,
        storyId: comments.storyId,
        storyTitle: stories.title,
        moderation: comments.moderation,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .innerJoin(stories, eq(stories.id, comments.storyId))
      .where(eq(comments.id, parsed.id))
      .limit(1);
    if (!row) return undefined;
    const state = row.deletedAt ? "deleted" : (row.moderation as "visible" | "held" | "hidden");
    return {
      view: {
        type: "comment",
        id: row.id,
        text: row.deletedAt ? "" : row.content,
        author: { id: row.authorId, username: row.username },
        story: { id: row.storyId, title: row.storyTitle },
        state,
      },
      storyId: row.storyId,
      commentId: row.id,
      ownerId: row.authorId,
      label: `“${excerpt(row.content)}”`,
    };
  }
  if (type === "story" || type === "chapter") {
    const [row] = await db
      .select({
        id: stories.id,
        title: stories.title,
        description: stories.description,
        authorId: stories.authorId,
        username: users.username,
        contentRating: stories.contentRating,
        published: stories.published,
        hiddenAt: stories.moderationHiddenAt,
      })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.authorId))
      .where(eq(stories.id, parsed.id))
      .limit(1);
    if (!row) return undefined;
    let chapterTitle: string | null = null;
    if (parsed.n !== null) {
      const [chapter] = await db
        .select({ title: storyChapters.title })
        .from(storyChapters)
        .where(and(eq(storyChapters.storyId, row.id), eq(storyChapters.n, parsed.n)))
        .limit(1);
      if (!chapter) return undefined;
      chapterTitle = chapter.title;
    }
    const title = row.title.trim() || "Untitled";
    return {
      view: {
        type,
        id: row.id,
        chapter: parsed.n,
        chapterTitle,
        title,
        description: row.description,
        author: { id: row.authorId, username: row.username },
        contentRating: row.contentRating,
        published: row.published,
        hiddenByModerator: row.hiddenAt !== null,
      },
      storyId: row.id,
      commentId: null,
      ownerId: row.authorId,
      label: parsed.n === null ? title : `${title}, chapter ${parsed.n}`,
    };
  }
  const [row] = await db
    .select({ id: users.id, username: users.username, description: users.description })
    .from(users)
    .where(eq(users.id, parsed.id))
    .limit(1);
  if (!row) return undefined;
  return {
    view: { type: "user", id: row.id, username: row.username, description: row.description },
    storyId: null,
    commentId: null,
    ownerId: row.id,
    label: row.username,
  };
}

export interface Owner {
  id: number;
  username: string;
  role: Role;
  suspendedUntil: Date | null;
}

export async function loadOwners(db: Db, ids: number[]): Promise<Map<number, Owner>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, role: users.role, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, role: r.role as Role }]));
}
