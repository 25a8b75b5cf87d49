// The tag page's queries: the tag's canonical spelling, and the newest works carrying it that a signed-out visitor
// may read. Mature and Explicit works are never listed, whoever asks: the page is cached as one signed-out view.
import { creatorNameShownTo, STORIES } from "../policies/anonymity";
import { storyNotModerated } from "../visibility/standing";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isNsfw } from "../../shared/nsfw";
import { catalogueTag, GATED_RATINGS, tagKey, warningTag } from "../../shared/tagging";
import type { Db } from "../db/client";
import { freeTags, stories, users } from "../db/schema";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { countStoryWords } from "../content/story-text";
import { type LabelPairs, labelPairs } from "../stories/story-labels";
import { notHiddenFrom } from "../safety/blocks";
import { expandTags } from "./synonyms";
import { carriesAll } from "./tag-filters";
import type { AiFilter, AiLabel } from "../../shared/ai-label";
import { aiCondition, aiFields, countHiddenByAi } from "../visibility/ai-filter";
import { readersWordCount } from "../chapters/held-from";

/** A tag page lists this many of the newest works (Discover, signed in, pages through all of them). */
export const TAG_PAGE_WORKS = 50;

export interface TagWork {
  id: number;
  title: string;
  description: string | null;
  authorName: string;
  tags: string[];
  labels: LabelPairs;
  contentRating: string;
  warnings: string[];
  fandoms: string[];
  status: string;
  wordCount: number;
  aiLabel: AiLabel;
  aiShare: number;
}

export interface TagWorks {
  works: TagWork[];
  /** Works the AI filter left out over the stretch the page lists (0 without a filter). */
  hiddenByAi: number;
}

/**
 * The tag's canonical spelling (the catalogue's or the warning's, or the first one written), or undefined when nobody
 * used it. A synonym's is its canonical tag's (issue 31: /t/{synonym} leads to the canonical tag's page).
 */
export async function findTagName(db: Db, name: string): Promise<string | undefined> {
  const known = catalogueTag(name) ?? warningTag(name);
  if (known) return known;
  const canonical = alias(freeTags, "canonical");
  const [row] = await db
    .select({ name: sql<string>`coalesce(${canonical.name}, ${freeTags.name})` })
    .from(freeTags)
    .leftJoin(canonical, eq(canonical.key, freeTags.synonymOf))
    .where(eq(freeTags.key, tagKey(name)))
    .limit(1);
  return row?.name;
}

const themesOf = (themes: unknown): string[] => (Array.isArray(themes) ? themes.map(String) : []);

/**
 * `hideFor`: a signed-in viewer whose blocked and muted authors are left out (the shared page never has one); `ai`:
 * the AI filter the page applies.
 */
export async function loadTagWorks(db: Db, name: string, hideFor?: number, ai: AiFilter = "any"): Promise<TagWorks> {
  const where = [
    eq(stories.published, true),
    eq(stories.rating, "general"),
    // Members-only works are not on the open web's pages (members find them in Discover and the app's lists).
    eq(stories.audience, "everyone"),
    carriesAll([name], await expandTags(db, [name])),
    storyNotModerated(),
    ...(hideFor === undefined ? [] : [notHiddenFrom(hideFor, stories.authorId)]),
  ];
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      // Issue 33: the shared page names an anonymous work's creator 'Anonymous'.
      authorName: creatorNameShownTo(STORIES, null, users.username),
      tags: tagNames,
      labels: labelPairs,
      contentRating: stories.contentRating,
      warnings: stories.warnings,
      fandoms: stories.fandoms,
      status: stories.status,
      // Issue 31: without the chapters a scheduled release holds back.
      wordCount: readersWordCount,
      aiWordCount: stories.aiWordCount,
      aiLabel: stories.aiLabel,
      publishedAt: sql<string>`${stories.publishedAt}::text`,
      uncountedContent: sql<string | null>`case when ${stories.wordCount} is null then ${stories.content} end`,
      markedMature: stories.markedMature,
      themes: stories.themes,
      moods: stories.moods,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(...where, aiCondition(ai)))
    .orderBy(sql`${stories.publishedAt} desc nulls last`, sql`${stories.id} desc nulls last`)
    .limit(TAG_PAGE_WORKS);
  // The stretch the page covers: from the newest work through its last one (to the end when it is not full).
  const last = rows.length >= TAG_PAGE_WORKS ? rows.at(-1) : undefined;
  const through = last
    ? sql`(${stories.publishedAt}, ${stories.id}) >= (${last.publishedAt}::timestamptz, ${last.id})`
    : undefined;
  const hiddenByAi = await countHiddenByAi(db, ai, where, through);
  // NOTE: `rating` is derived on write; the reasons are checked again, as the story and author pages do.
  const works = rows
    .filter((row) => !(row.markedMature || themesOf(row.themes).includes("nsfw") || isNsfw(row)))
    .filter((row) => !(GATED_RATINGS as readonly string[]).includes(row.contentRating))
    .map(
      ({
        uncountedContent,
        markedMature: _m,
        themes: _t,
        moods: _mo,
        fandoms,
        publishedAt: _p,
        aiWordCount,
        ...row
      }) => {
        const wordCount = row.wordCount ?? countStoryWords(uncountedContent ?? "").wordCount;
        return {
          ...row,
          fandoms: fandomList(fandoms),
          wordCount,
          ...aiFields({ aiLabel: row.aiLabel, wordCount, aiWordCount }),
        };
      },
    );
  return { works, hiddenByAi };
}
