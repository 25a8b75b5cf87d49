// GET /api/account/export (issue 18): everything of the user's as one zip, streamed to the response as it is made.
// Rows are read a page at a time and stories one at a time, as the zip reaches each entry, so a large account
// costs one story's text (and one page of rows) in memory, never the archive.
import { Readable } from "node:stream";
import { and, asc, eq, gt } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { Db } from "../db/client";
import {
  bookmarks,
  comments,
  emailSettings,
  follows,
  likes,
  marinChatMessages,
  marinChatThreads,
  notifications,
  readingProgress,
  readingSettings,
  stories,
  storyMemories,
  users,
} from "../db/schema";
import { getNotificationSettings } from "../community/settings";
import { loreExportPage } from "../lore/load";
import type { ImageStorage } from "../images/storage/driver";
import { storyEpub } from "../stories/export-epub";
import { asciiFileName, exportStory, storyExportHtml } from "../stories/export-story";
import { findOwnStory } from "../stories/story-queries";
import { canonPackExportPage } from "../canon/packs";
import { listApiTokens } from "../api-tokens/tokens";
import type { UserRow } from "../types";

const PAGE = 500;

export const EXPORT_FILES = [
  "account.json",
  "comments.json",
  "bookmarks.json",
  "likes.json",
  "follows.json",
  "lorebook.json",
  "canon-packs.json",
  "notifications.json",
  "reading-history.json",
  "marin.json",
  "marin-chat.json",
] as const;

/** A JSON array written a page of rows at a time. */
function jsonArray<T>(pages: () => AsyncGenerator<T[]>): Readable {
  return Readable.from(
    (async function* () {
      yield "[";
      let first = true;
      for await (const rows of pages()) {
        for (const row of rows) {
          yield `${first ? "\n" : ",\n"}${JSON.stringify(row)}`;
          first = false;
        }
      }
      yield first ? "]\n" : "\n]\n";
    })(),
    { objectMode: false },
  );
}

/** Pages of a query keyed by a rising integer id. */
function paged<T extends { id: number }>(read: (afterId: number, limit: number) => Promise<T[]>) {
  return async function* () {
    let after = 0;
    for (;;) {
      const rows = await read(after, PAGE);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < PAGE) return;
      after = rows.at(-1)!.id;
    }
  };
}

async function accountJson(db: Db, user: UserRow): Promise<string> {
  const [email] = await db.select().from(emailSettings).where(eq(emailSettings.userId, user.id));
  const [reading] = await db.select().from(readingSettings).where(eq(readingSettings.userId, user.id));
  return `${JSON.stringify(
    {
      exportedAt: new Date().toISOString(),
      profile: {
        id: user.id,
        username: user.username,
        email: user.email,
        emailVerified: user.emailVerified,
        description: user.description,
        createdAt: user.createdAt.toISOString(),
        lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
        signIn: { password: user.password !== null, google: user.googleId !== null },
        referralCode: user.referralCode,
      },
      settings: {
        notifications: await getNotificationSettings(db, user.id),
        email: email
          ? { cadence: email.cadence, timeZone: email.timeZone, unsubscribed: email.unsubscribedAt !== null }
          : null,
        recordReadingHistory: reading?.recordHistory ?? true,
      },
      subscription: {
        plus: user.isPremium,
        status: user.subscriptionStatus,
        paidUntil: user.subscriptionExpiresAt?.toISOString() ?? null,
        cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
      },
      marin: {
        promptsToday: user.dailyPromptCount,
        lastPromptDate: user.lastPromptDate,
        bonusPrompts: user.bonusPrompts,
      },
      // Issue 34: the personal API tokens as Settings lists them (names, access, last use): never a token or its hash.
      apiTokens: await listApiTokens(db, user.id),
    },
    null,
    2,
  )}\n`;
}

/** The zip as a stream. The caller pipes it to the response; nothing is read before the consumer asks. */
export async function exportAccount(db: Db, storage: ImageStorage, user: UserRow): Promise<Readable> {
  const zip = new ZipFile();
  const stamp = { mtime: new Date() };
  zip.addBuffer(Buffer.from(await accountJson(db, user), "utf8"), "account.json", stamp);

  // Ids and titles first (small); each story's text is read when the zip reaches it.
  const list = await db
    .select({ id: stories.id, title: stories.title })
    .from(stories)
    .where(eq(stories.authorId, user.id))
    .orderBy(asc(stories.id));
  for (const { id, title } of list) {
    const base = `stories/${id}-${asciiFileName(title.trim() || "Untitled Story")}`;
    zip.addReadStreamLazy(`${base}.html`, stamp, (done) => {
      findOwnStory(db, id, user.id).then(
        (story) => done(null, Readable.from([story ? exportStory(story, user.username, "html").body : ""])),
        (error: Error) => done(error, undefined as never),
      );
    });
    // NOTE: the EPUB is a zip itself: stored, not deflated again. The same book as the story's own export (cover,
    // rating, tags, Marin's share).
    zip.addReadStreamLazy(`${base}.epub`, { ...stamp, compress: false }, (done) => {
      findOwnStory(db, id, user.id)
        .then((story) =>
          storyEpub(db, storage, {
            id,
            title: story?.title ?? title,
            description: story?.description ?? null,
            author: user.username,
            contentRating: story?.contentRating ?? "general",
            tags: story?.tags ?? [],
            html: story ? storyExportHtml(story) : "",
            coverImageId: story?.coverImageId ?? null,
            wordCount: story?.wordCount ?? null,
            aiWordCount: story?.aiWordCount ?? null,
            aiLabel: story?.aiLabel ?? null,
            modified: story?.updatedAt ?? new Date(),
          }),
        )
        .then(
          (book) => done(null, book.stream),
          (error: Error) => done(error, undefined as never),
        );
    });
  }

  const uid = user.id;
  const json = (name: string, pages: () => AsyncGenerator<unknown[]>) =>
    zip.addReadStreamLazy(name, stamp, (done) => done(null, jsonArray(pages)));

  json(
    "comments.json",
    paged((after, limit) =>
      db
        .select({
          id: comments.id,
          storyId: comments.storyId,
          storyTitle: stories.title,
          parentId: comments.parentId,
          content: comments.content,
          createdAt: comments.createdAt,
          editedAt: comments.editedAt,
          deletedAt: comments.deletedAt,
        })
        .from(comments)
        .innerJoin(stories, eq(stories.id, comments.storyId))
        .where(and(eq(comments.authorId, uid), gt(comments.id, after)))
        .orderBy(asc(comments.id))
        .limit(limit),
    ),
  );
  json(
    "bookmarks.json",
    paged((after, limit) =>
      db
        .select({
          id: bookmarks.id,
          storyId: bookmarks.storyId,
          storyTitle: stories.title,
          createdAt: bookmarks.createdAt,
        })
        .from(bookmarks)
        .innerJoin(stories, eq(stories.id, bookmarks.storyId))
        .where(and(eq(bookmarks.userId, uid), gt(bookmarks.id, after)))
        .orderBy(asc(bookmarks.id))
        .limit(limit),
    ),
  );
  json(
    "likes.json",
    paged((after, limit) =>
      db
        .select({ id: likes.id, storyId: likes.storyId, storyTitle: stories.title, createdAt: likes.createdAt })
        .from(likes)
        .innerJoin(stories, eq(stories.id, likes.storyId))
        .where(and(eq(likes.userId, uid), gt(likes.id, after)))
        .orderBy(asc(likes.id))
        .limit(limit),
    ),
  );
  json(
    "follows.json",
    paged((after, limit) =>
      db
        .select({ id: follows.authorId, username: users.username, followedAt: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.authorId))
        .where(and(eq(follows.followerId, uid), gt(follows.authorId, after)))
        .orderBy(asc(follows.authorId))
        .limit(limit),
    ),
  );
  json(
    "lorebook.json",
    paged((after, limit) => loreExportPage(db, uid, after, limit)),
  );
  json(
    "canon-packs.json",
    paged((after, limit) => canonPackExportPage(db, uid, after, limit)),
  );
  json(
    "notifications.json",
    paged((after, limit) =>
      db
        .select({
          id: notifications.id,
          type: notifications.type,
          storyId: notifications.storyId,
          commentId: notifications.commentId,
          chapterNumber: notifications.chapterNumber,
          milestone: notifications.milestone,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, uid), gt(notifications.id, after)))
        .orderBy(asc(notifications.id))
        .limit(limit),
    ),
  );
  json(
    "reading-history.json",
    paged((after, limit) =>
      db
        .select({
          id: readingProgress.storyId,
          storyTitle: stories.title,
          chapter: readingProgress.chapter,
          overall: readingProgress.overall,
          updatedAt: readingProgress.updatedAt,
        })
        .from(readingProgress)
        .innerJoin(stories, eq(stories.id, readingProgress.storyId))
        .where(and(eq(readingProgress.userId, uid), gt(readingProgress.storyId, after)))
        .orderBy(asc(readingProgress.storyId))
        .limit(limit),
    ),
  );
  // Marin's conversation about each story (the newest 200 messages per story, decision 0044).
  json(
    "marin-chat.json",
    paged((after, limit) =>
      db
        .select({
          id: marinChatMessages.id,
          storyId: marinChatMessages.storyId,
          storyTitle: stories.title,
          // Each thread holds its own copy of the turns it was branched with (decision 0098).
          threadId: marinChatMessages.threadId,
          threadName: marinChatThreads.name,
          role: marinChatMessages.role,
          content: marinChatMessages.content,
          createdAt: marinChatMessages.createdAt,
        })
        .from(marinChatMessages)
        .innerJoin(stories, eq(stories.id, marinChatMessages.storyId))
        .innerJoin(marinChatThreads, eq(marinChatThreads.id, marinChatMessages.threadId))
        .where(and(eq(stories.authorId, uid), gt(marinChatMessages.id, after)))
        .orderBy(asc(marinChatMessages.id))
        .limit(limit),
    ),
  );
  // What Marin keeps per story besides the chat: its memory (characters and a running summary).
  json(
    "marin.json",
    paged((after, limit) =>
      db
        .select({
          id: storyMemories.storyId,
          storyTitle: stories.title,
          characters: storyMemories.characters,
          summary: storyMemories.summary,
          updatedAt: storyMemories.updatedAt,
        })
        .from(storyMemories)
        .innerJoin(stories, eq(stories.id, storyMemories.storyId))
        .where(and(eq(stories.authorId, uid), gt(storyMemories.storyId, after)))
        .orderBy(asc(storyMemories.storyId))
        .limit(limit),
    ),
  );
  zip.end();
  return zip.outputStream as Readable;
}
