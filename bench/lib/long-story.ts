// A story just under the 2 MB limit in the editor's HTML, and a signed-in author for it: the worst case a read
// of one story can be.
import type { Db } from "../../src/server/db/client";
import { stories, users } from "../../src/server/db/schema";
import { createSession, SESSION_COOKIE } from "../../src/server/accounts/sessions";
import { SANITIZER_VERSION } from "../../src/server/content/sanitize-content";
import { countStoryWords } from "../../src/server/content/story-text";
import { STORY_CONTENT_MAX_BYTES } from "../../src/shared/limits";
import { fakeCast, fakeContent } from "./fake-text";
import { createRandom } from "./random";

/** Chapters of fake prose with the editor's inline formatting and scene breaks, up to `bytes`. */
export function longStoryHtml(bytes = STORY_CONTENT_MAX_BYTES - 64 * 1024, seed = 1): string {
  const r = createRandom(seed);
  const cast = fakeCast(r);
  const parts: string[] = [];
  let size = 0;
  for (let chapter = 1; size < bytes; chapter++) {
    const prose = fakeContent(r, cast)
      .replace(/<h2>Chapter \d+<\/h2>/g, "")
      .replace(/ (\w{7,}) /g, " <em>$1</em> ")
      .replace(/<\/p><p>/, '</p><p style="text-align:center">* * *</p><hr><p>');
    const part = `<h2>Chapter ${chapter}</h2>${prose}`;
    if (size + Buffer.byteLength(part) > bytes) break;
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return parts.join("");
}

/** An author with a session and one long story, stored as given with `sanitizedWith`. */
export async function insertLongStory(db: Db, content: string, sanitizedWith: number, tag: string) {
  const [author] = await db
    .insert(users)
    .values({ username: `long_${tag}`, email: `long_${tag}@bench.ficforge.local`, emailVerified: true })
    .returning({ id: users.id });
  const [story] = await db
    .insert(stories)
    .values({
      title: `Long story ${tag}`,
      content,
      authorId: author!.id,
      sanitizedWith,
      // A row the current code wrote is counted on write; a stale one predates counting too.
      ...(sanitizedWith >= SANITIZER_VERSION ? countStoryWords(content) : {}),
    })
    .returning({ id: stories.id });
  const { token } = await createSession(db, author!.id, new Date());
  return { path: `/api/stories/${story!.id}`, headers: { cookie: `${SESSION_COOKIE}=${token}` } };
}

/** Grows `longStoryHtml` until it holds `words` words (the sanitized HTML, as a save would store it). */
export function storyOfWords(words: number, sanitize: (html: string) => string): string {
  let bytes = words * 6;
  let html = sanitize(longStoryHtml(bytes));
  while ((countStoryWords(html).wordCount ?? 0) < words) {
    bytes *= 1.1;
    html = sanitize(longStoryHtml(bytes));
  }
  return html;
}
