// Test factories that build their own parent rows (STYLE.md habit 8): a story brings its author.
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";
import { createSession, SESSION_COOKIE } from "../accounts/sessions";
import type { StoryWithTags } from "../stories/present";
import { replaceStoryTags } from "../stories/story-tags";
import type { UserRow } from "../types";

let sequence = 0;
const nextId = () => `${process.pid % 1000}${++sequence}`;

export type UserOverrides = Partial<typeof users.$inferInsert>;

export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<UserRow> {
  const n = nextId();
  const [user] = await db
    .insert(users)
    .values({ username: `writer_${n}`, email: `writer_${n}@example.test`, emailVerified: true, ...overrides })
    .returning();
  return user!;
}

export interface UserWithSession {
  user: UserRow;
  /** Ready for a Cookie header. */
  cookie: string;
  headers: { cookie: string };
}

/** A verified user signed in directly through the sessions table (no login route needed). */
export async function createVerifiedUserWithSession(
  db: Db,
  overrides: UserOverrides = {},
  now: Date = new Date(),
): Promise<UserWithSession> {
  const user = await createUser(db, { emailVerified: true, ...overrides });
  const { token } = await createSession(db, user.id, now);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { user, cookie, headers: { cookie } };
}

export type StoryOverrides = Partial<typeof stories.$inferInsert> & { tags?: string[] };

export async function createStory(db: Db, overrides: StoryOverrides = {}): Promise<StoryWithTags> {
  const { tags = [], ...values } = overrides;
  const authorId = values.authorId ?? (await createUser(db)).id;
  const [story] = await db
    .insert(stories)
    .values({
      title: `Story ${nextId()}`,
      description: "A test story.",
      content: "<p>Once upon a time.</p>",
      themes: ["slow-burn"],
      characters: { lead: [], supporting: [], description: "" },
      moods: { romance: 50 },
      fandoms: [],
      ...values,
      authorId,
    })
    .returning();
  if (tags.length > 0) await replaceStoryTags(db, story!.id, tags);
  return { ...story!, tags: [...tags].sort(), labels: [] };
}
