// One published story for the public page's benches (Lighthouse, screenshots): an author, a cover and about
// 60 KB of chapters with the editor's formatting, a Marin-written chapter among them. The author also has a bio and
// two shorter stories with tags, for their page (/u/mika_writes) and a tag's (/t/Adventure).
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../src/server/db/client";
import { collectionItems, collectionMaintainers, collections, stories, users } from "../../src/server/db/schema";
import { processImage } from "../../src/server/images/process-image";
import type { ImageStorage } from "../../src/server/images/storage/driver";
import { storeImage } from "../../src/server/images/store-image";
import { SANITIZER_VERSION } from "../../src/server/content/sanitize-content";
import { replaceStoryTags } from "../../src/server/stories/story-tags";
import { countStoryWords } from "../../src/server/content/story-text";
import { authorPath, collectionPath } from "../../src/shared/routes";
import { tagPath } from "../../src/shared/tagging";
import { publicStoryPath } from "../../src/shared/schemas/reading";
import { longStoryHtml } from "./long-story";

const TITLE = "The Crow Keeper of the Northern Pass";
const DESCRIPTION =
  "Snow has closed the northern pass for nine days when a stranger in a grey coat walks up the road with a letter " +
  "sealed by Queen Isolde. Ren would rather send him back down the mountain; his sister Mika has other ideas.";

export const PUBLIC_AUTHOR = "mika_writes";
/** A tag two of the author's stories carry: its page lists them (/t/Adventure). */
export const PUBLIC_TAG_PATH = tagPath("Adventure");
/** The seeded author's page. */
export const PUBLIC_AUTHOR_PATH = authorPath(PUBLIC_AUTHOR);
export const PUBLIC_COLLECTION = "winter_tales_fest";
export const PUBLIC_COLLECTION_PATH = collectionPath(PUBLIC_COLLECTION);
const BIO =
  "Mountain stories, found families and the occasional crow. New chapters most Sundays; I read every comment.";

const SHORTER = [
  {
    title: "Salt Lines",
    description: "A lighthouse keeper's daughter keeps a ledger of every ship that passes, until one never does.",
    tags: ["Drama", "Mystery"],
  },
  {
    title: "Ren and the Winter Market",
    description: "Before the pass closed: Ren, Mika and a stall that sells only things nobody wants.",
    tags: ["Adventure", "Comedy", "Found Family"],
  },
];

/** A portrait cover drawn from SVG, as an upload would arrive (sharp re-encodes it like any cover). */
async function coverBytes(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4c1d95"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
<rect width="800" height="1200" fill="url(#g)"/>
<circle cx="600" cy="260" r="120" fill="#fde68a" opacity=".85"/>
<path d="M0 900 L260 560 L420 760 L560 600 L800 900 L800 1200 L0 1200 Z" fill="#1c1530" opacity=".8"/>
<text x="400" y="1040" font-family="serif" font-size="64" fill="#fff" text-anchor="middle">The Crow Keeper</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function storyHtml(): string {
  const html = longStoryHtml(60 * 1024, 7);
  // The third chapter as Marin's wrapper leaves it: a chapter section around generated content.
  let chapter = 0;
  return html.replace(/<h2>Chapter (\d+)<\/h2>([\s\S]*?)(?=<h2>|$)/g, (whole, n: string, rest: string) => {
    chapter += 1;
    if (chapter !== 3) return whole;
    return `<section class="chapter" data-chapter="${n}"><div class="generated-content" data-model="Offline storyteller" data-generated-at="2026-11-22T10:00:00.000Z"><h2>Chapter ${n}</h2>${rest}</div></section>`;
  });
}

/** Inserts the story (published, general) and answers its public page's path. */
export async function seedPublicStory(db: Db, storage: ImageStorage): Promise<string> {
  const [author] = await db
    .insert(users)
    .values({
      username: PUBLIC_AUTHOR,
      email: "public_story@bench.ficforge.local",
      emailVerified: true,
      description: BIO,
    })
    .returning({ id: users.id });
  const coverImageId = await storeImage(db, storage, await processImage(await coverBytes()), author!.id);
  const content = storyHtml();
  const now = new Date();
  const [story] = await db
    .insert(stories)
    .values({
      title: TITLE,
      description: DESCRIPTION,
      content,
      authorId: author!.id,
      published: true,
      publishedAt: now,
      coverImageId,
      sanitizedWith: SANITIZER_VERSION,
      ...countStoryWords(content),
    })
    .returning({ id: stories.id });
  await replaceStoryTags(db, story!.id, ["Adventure", "Fantasy", "Found Family"]);
  for (const [i, more] of SHORTER.entries()) {
    const text = `<p>${more.description}</p>`;
    const [row] = await db
      .insert(stories)
      .values({
        title: more.title,
        description: more.description,
        content: text,
        authorId: author!.id,
        published: true,
        publishedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
        sanitizedWith: SANITIZER_VERSION,
        ...countStoryWords(text),
      })
      .returning({ id: stories.id });
    await replaceStoryTags(db, row!.id, more.tags);
  }
  // Issue 33: a collection of the author's works, its public page at PUBLIC_COLLECTION_PATH.
  const [fest] = await db
    .insert(collections)
    .values({ name: PUBLIC_COLLECTION, title: "Winter Tales Fest", description: BIO, ownerId: author!.id })
    .returning({ id: collections.id });
  await db.insert(collectionMaintainers).values({ collectionId: fest!.id, userId: author!.id, role: "owner" });
  const works = await db.select({ id: stories.id }).from(stories).where(eq(stories.authorId, author!.id));
  await db
    .insert(collectionItems)
    .values(works.map((w) => ({ collectionId: fest!.id, storyId: w.id, state: "approved", addedBy: author!.id })));
  return publicStoryPath(story!.id, TITLE);
}
