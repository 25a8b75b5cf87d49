// With SEED_DEMO, an empty database gets demo authors and published stories with covers and tags.
import { syncStoryChapters } from "../chapters/sync-chapters";
import { count, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories, storyTags, tags, users } from "../db/schema";
import { loadSharp } from "../images/load-sharp";
import { processImage } from "../images/process-image";
import type { ImageStorage } from "../images/storage/driver";
import { storeImage } from "../images/store-image";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { derivedStoryColumns } from "../stories/story-rating";
import { countStoryWords } from "../content/story-text";
import { DEMO_AUTHORS, DEMO_STORIES, type DemoStory } from "./demo-stories";

interface Log {
  info(message: string): void;
}

/** An abstract cover: a diagonal gradient with a few soft circles, 1200 x 800. */
export async function renderDemoCover([a, b, c]: DemoStory["palette"], seed: number): Promise<Buffer> {
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const x = (seed * 173 + i * 311) % 1200;
      const y = (seed * 97 + i * 211) % 800;
      const r = 90 + ((seed * 31 + i * 57) % 180);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? c : b}" fill-opacity="0.35"/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${a}"/><stop offset="0.6" stop-color="${b}"/><stop offset="1" stop-color="${c}"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>${circles}</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export function demoStoryHtml(story: DemoStory): string {
  const body = story.paragraphs.map((p) => `<p>${p.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`).join("");
  return `<h2>Chapter 1</h2>${body}`;
}

export async function seedDemo(db: Db, storage: ImageStorage, log?: Log): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(stories);
  if ((row?.n ?? 0) > 0) return false;

  const authors = await db
    .insert(users)
    .values(
      DEMO_AUTHORS.map((a) => ({
        username: a.username,
        email: `${a.username}@demo.ficforge.local`,
        description: a.description,
        emailVerified: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (authors.length !== DEMO_AUTHORS.length) return false;

  const tagNames = [...new Set(DEMO_STORIES.flatMap((s) => s.tags))];
  await db
    .insert(tags)
    .values(tagNames.map((name) => ({ name })))
    .onConflictDoNothing();
  const tagRows = await db.select().from(tags).where(inArray(tags.name, tagNames));
  const tagId = new Map(tagRows.map((t) => [t.name, t.id]));

  const now = Date.now();
  for (const [index, story] of DEMO_STORIES.entries()) {
    const authorId = authors[story.author]!.id;
    const cover = await processImage(await renderDemoCover(story.palette, index + 1));
    const coverImageId = await storeImage(db, storage, cover, authorId);
    const when = new Date(now - (DEMO_STORIES.length - index) * 3_600_000);
    const content = sanitizeContent(demoStoryHtml(story));
    const [created] = await db
      .insert(stories)
      .values({
        title: story.title,
        description: story.description,
        content,
        sanitizedWith: SANITIZER_VERSION,
        ...countStoryWords(content),
        authorId,
        published: true,
        publishedAt: when,
        createdAt: when,
        updatedAt: when,
        themes: story.themes,
        fandoms: story.fandoms,
        moods: story.moods,
        characters: { lead: [], supporting: [], description: "" },
        coverImageId,
        ...derivedStoryColumns(story, story.tags),
      })
      .returning({ id: stories.id });
    await db.insert(storyTags).values(story.tags.map((name) => ({ storyId: created!.id, tagId: tagId.get(name)! })));
    // Its chapter list, as a publish records it (else the start-up job 'record-chapters' does it a moment later).
    await syncStoryChapters(db, created!.id, when);
  }
  log?.info(`Seeded ${DEMO_STORIES.length} demo stories (set SEED_DEMO=false to start empty)`);
  return true;
}
