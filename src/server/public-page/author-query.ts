// The author page's queries: the author by name (any case), and their published works a signed-out visitor may
// read. Mature works are never listed (they have no public page either, query.ts), whoever asks: the page is cached
// as one signed-out view.
import { storyNotModerated } from "../visibility/standing";
import { and, desc, eq, sql } from "drizzle-orm";
import { isNsfw } from "../../shared/nsfw";
import type { Db } from "../db/client";
import { formerUsernames, stories, users } from "../db/schema";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { type LabelPairs, labelPairs } from "../stories/story-labels";
import { countStoryWords } from "../content/story-text";
import { GATED_RATINGS } from "../../shared/tagging";

export interface PublicAuthor {
  id: number;
  username: string;
  description: string | null;
}

export interface PublicWork {
  id: number;
  title: string;
  description: string | null;
  tags: string[];
  labels: LabelPairs;
  contentRating: string;
  warnings: string[];
  fandoms: string[];
  status: string;
  wordCount: number;
  publishedAt: Date | null;
}

/** The author whose name is `name` in any case (names are unique without regard to case), or undefined. */
export async function findAuthorByName(db: Db, name: string): Promise<PublicAuthor | undefined> {
  const [author] = await db
    .select({ id: users.id, username: users.username, description: users.description })
    .from(users)
    .where(eq(sql`lower(${users.username})`, name.toLowerCase()))
    .limit(1);
  return author;
}

/** The name today of the account that gave up `name` (any case), or undefined when no account ever did. */
export async function findRenamedAuthor(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(formerUsernames)
    .innerJoin(users, eq(users.id, formerUsernames.userId))
    .where(eq(formerUsernames.nameLower, name.toLowerCase()))
    .limit(1);
  return row?.username;
}

const themesOf = (themes: unknown): string[] => (Array.isArray(themes) ? themes.map(String) : []);

/** The author's published, general-rated works, newest first. */
export async function loadPublicWorks(db: Db, authorId: number): Promise<PublicWork[]> {
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      tags: tagNames,
      labels: labelPairs,
      warnings: stories.warnings,
      fandoms: stories.fandoms,
      status: stories.status,
      wordCount: stories.wordCount,
      // NOTE: the text only for rows written before words were counted (the maintenance job counts them later).
      uncountedContent: sql<string | null>`case when ${stories.wordCount} is null then ${stories.content} end`,
      publishedAt: stories.publishedAt,
      markedMature: stories.markedMature,
      themes: stories.themes,
      moods: stories.moods,
      contentRating: stories.contentRating,
    })
    .from(stories)
    .where(
      and(
        eq(stories.authorId, authorId),
        eq(stories.published, true),
        eq(stories.rating, "general"),
        storyNotModerated(),
      ),
    )
    .orderBy(desc(stories.publishedAt), desc(stories.id));
  return rows
    .filter((row) => !(row.markedMature || themesOf(row.themes).includes("nsfw") || isNsfw(row)))
    .filter((row) => !(GATED_RATINGS as readonly string[]).includes(row.contentRating))
    .map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      tags: row.tags,
      labels: row.labels,
      contentRating: row.contentRating,
      warnings: row.warnings,
      fandoms: fandomList(row.fandoms),
      status: row.status,
      wordCount: row.wordCount ?? countStoryWords(row.uncountedContent ?? "").wordCount,
      publishedAt: row.publishedAt,
    }));
}
