// Rows for the bench seeder: users, stories and what readers leave on them, all from one seeded Random.
import { ALL_TAGS, ARCHETYPES, FANDOMS, MOOD_SLIDERS, THEMES } from "../../src/shared/catalogues";
import { isNsfw } from "../../src/shared/nsfw";
import type { bookmarks, comments, likes, stories, users } from "../../src/server/db/schema";
import { SANITIZER_VERSION } from "../../src/server/content/sanitize-content";
import { countStoryWords } from "../../src/server/content/story-text";
import {
  fakeCast,
  fakeCharacterDescription,
  fakeComment,
  fakeContent,
  fakeDescription,
  fakePlotIdeas,
  fakeSetting,
  fakeTitle,
} from "./fake-text";
import type { Random } from "./random";
import { ADJECTIVES, HANDLES, NOUNS } from "./words";

export const BENCH_EMAIL_DOMAIN = "bench.ficforge.local";
const DAY = 86_400_000;
const FREE_THEMES = THEMES.filter((t) => !t.premium).map((t) => t.id);

type UserRow = typeof users.$inferInsert;
export type StoryRow = typeof stories.$inferInsert & { tagNames: string[] };

const between = (r: Random, from: Date, to: Date) =>
  new Date(from.getTime() + Math.floor(r.next() * Math.max(0, to.getTime() - from.getTime())));

export function fakeUser(r: Random, index: number, passwordHash: string, now: Date): UserRow {
  const suffix = String(index + 1);
  // NOTE: at most 10 characters, so every name also passes the stricter profile schema; the trailing
  // number is the index, so names are unique (handles have no digits).
  const username = r.pick(HANDLES).slice(0, 10 - suffix.length) + suffix;
  return {
    username,
    email: `${username}@${BENCH_EMAIL_DOMAIN}`,
    password: passwordHash,
    description: `Writes ${r.pick(ADJECTIVES)} stories about ${r.pick(NOUNS)}s and ${r.pick(NOUNS)}s.`,
    emailVerified: true,
    isPremium: r.chance(0.1),
    createdAt: new Date(now.getTime() - r.int(30, 730) * DAY),
  };
}

function fakeMoods(r: Random): Record<string, number> {
  // NOTE: spice is skewed low (about one story in five goes above the mature threshold), as on real sites.
  return Object.fromEntries(
    MOOD_SLIDERS.map((m) => [m.id, m.id === "spice" ? Math.floor(r.next() ** 3 * 101) : r.int(0, 100)]),
  );
}

export interface Author {
  id: number;
  createdAt: Date;
}

export function fakeStory(r: Random, author: Author, published: boolean, covers: string[], now: Date): StoryRow {
  const cast = fakeCast(r);
  const title = fakeTitle(r);
  const description = fakeDescription(r, cast);
  const moods = fakeMoods(r);
  const themes = r.sample(FREE_THEMES, r.int(1, 3));
  const mature = isNsfw({ title, description, moods });
  if (mature && r.chance(0.3)) themes.push("nsfw");
  const leads = r.int(1, 3);
  const archetypes = r.sample(ARCHETYPES, leads + r.int(0, 3));
  const createdAt = between(r, author.createdAt, now);
  const publishedAt = published
    ? between(r, createdAt, new Date(Math.min(now.getTime(), createdAt.getTime() + 30 * DAY)))
    : null;
  const content = fakeContent(r, cast);
  return {
    title,
    description,
    content,
    // Generated clean (check-rows.ts checks a sample) and counted, as the app stores what it writes.
    sanitizedWith: SANITIZER_VERSION,
    ...countStoryWords(content),
    authorId: author.id,
    published,
    publishedAt,
    createdAt,
    updatedAt: between(r, publishedAt ?? createdAt, now),
    characters: {
      lead: archetypes.slice(0, leads),
      supporting: archetypes.slice(leads),
      description: fakeCharacterDescription(r, cast),
    },
    setting: fakeSetting(r, cast),
    plotIdeas: fakePlotIdeas(r, cast),
    moods,
    themes,
    fandoms: r.sample(FANDOMS, r.int(1, 3)),
    coverImageId: covers.length > 0 && r.chance(0.8) ? r.pick(covers) : null,
    version: r.int(1, 12),
    rating: mature ? "mature" : "general",
    tagNames: r.chance(0.1) ? [] : r.sample(ALL_TAGS, r.int(1, 5)),
  };
}

export interface PublishedStory {
  id: number;
  authorId: number;
  publishedAt: Date;
}

export interface Reactions {
  likes: (typeof likes.$inferInsert)[];
  bookmarks: (typeof bookmarks.$inferInsert)[];
  comments: (typeof comments.$inferInsert)[];
}

/** Likes, bookmarks and comments with a long tail: most stories get a few, about one in a hundred goes viral. */
export function fakeReactions(r: Random, story: PublishedStory, userIds: number[], now: Date): Reactions {
  const viral = r.chance(0.01) ? 20 : 1;
  const readers = (mean: number) => {
    const n = Math.min(r.skewed(mean * viral), userIds.length - 1);
    // One spare pick, so dropping the author (who does not like their own story) still leaves n readers.
    return r
      .sample(userIds, n + 1)
      .filter((id) => id !== story.authorId)
      .slice(0, n);
  };
  const when = () => between(r, story.publishedAt, now);
  return {
    likes: readers(5).map((userId) => ({ storyId: story.id, userId, createdAt: when() })),
    bookmarks: readers(2).map((userId) => ({ storyId: story.id, userId, createdAt: when() })),
    comments: Array.from({ length: r.skewed(1.5 * viral) }, () => ({
      storyId: story.id,
      authorId: r.pick(userIds),
      content: fakeComment(r),
      createdAt: when(),
    })),
  };
}
