// A story's history as the versions bench and the editor bench seed it: each version changes a few paragraphs
// somewhere (typing), every 10th is a Marin Rewrite of a paragraph into about 100 words; versions are taken as saves
// take them (recordVersion), 11 minutes apart, ending now.
import type { Db } from "../../src/server/db/client";
import { SANITIZER_VERSION } from "../../src/server/content/sanitize-content";
import { countStoryWords } from "../../src/server/content/story-text";
import { recordVersion } from "../../src/server/stories/record-version";
import { splitBlocks } from "../../src/server/versions/version-store";
import { createRandom } from "./random";

/** Takes `count` versions of `html`'s story; answers the last version's text and each recordVersion's time (ms). */
export async function seedVersionHistory(
  db: Db,
  storyId: number,
  html: string,
  count: number,
  onProgress?: (done: number) => void,
): Promise<{ text: string; took: number[] }> {
  const r = createRandom(7);
  let blocks = splitBlocks(html);
  const paragraphAt = () => Math.floor(r.next() * blocks.length);
  let clock = Date.now() - count * 11 * 60_000;
  const took: number[] = [];
  for (let i = 0; i < count; i++) {
    blocks = [...blocks];
    if (i % 10 === 9) {
      const sentence = "Marin wrote a long sentence about the harbour. ".repeat(6);
      blocks.splice(paragraphAt(), 1, `<div class="generated-content"><p>${sentence}</p><p>${sentence}</p></div>`);
    } else {
      for (let k = 0; k < 3; k++) {
        const at = paragraphAt();
        blocks[at] = blocks[at]!.replace(/<\/p>$/, ` And then, edit ${i}.${k}, she wrote a little more.</p>`);
      }
    }
    const text = blocks.join("");
    clock += 11 * 60_000;
    const at = new Date(clock);
    const started = performance.now();
    await recordVersion(
      db,
      {
        storyId,
        text,
        ...countStoryWords(text),
        sanitizedWith: SANITIZER_VERSION,
        savedAt: at,
        origin: i % 10 === 9 ? "marin" : "writer",
        model: null,
      },
      at,
    );
    took.push(performance.now() - started);
    onProgress?.(i + 1);
  }
  return { text: blocks.join(""), took };
}
