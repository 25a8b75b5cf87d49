// AI provenance from the words alone: tokens, windows, fingerprints and coverage; the table of cases that chose the
// window and the matching (printed for docs/ai-measurement.md); and fingerprints kept per writer in the database.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { marinFingerprints, stories, users } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createStory, createUser } from "../test/factories";
import { countStoryWords, storyBlocks } from "../content/story-text";
import { measureLegacyStories } from "./measure-legacy-stories";
import { casesTable, MARIN_TEXT, measureCases } from "./provenance-cases";
import {
  coveredWords,
  fingerprintOf,
  MAX_FINGERPRINT_WORDS,
  SHINGLE_WORDS,
  ShingleLookup,
  windowHashes,
  wordHashes,
} from "./provenance-shingles";
import { AI_MEASURE_VERSION, loadShingleLookup, measureAiWords, recordFingerprint } from "./provenance";

const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${from + i}`).join(" ");

describe("words and windows", () => {
  it("reads words as the editor's word rule does, lowercased, by their letters and digits in any script", () => {
    expect(wordHashes("Don't, DONT dont — * * * 42")).toEqual(wordHashes("dont dont dont 42"));
    expect(wordHashes("Ça va, Straße! Ωμέγα 東京")).toEqual(wordHashes("ça va straße ωμέγα 東京"));
    expect(wordHashes("one two").length).toBe(2);
    expect(wordHashes("a\u00a0b\tc\nd").length).toBe(4);
  });

  it("reads the words of story HTML as storyBlocks does: blocks and line breaks split, inline marks do not", () => {
    const html =
      '<h2>Chapter 1</h2><p>wo<em>rd</em> one<br>two &amp; three&nbsp;four &#233;t&#xE9;</p><div class="generated-content">' +
      "<p>five</p><ul><li>six</li><li>seven</li></ul></div><hr><blockquote>eight</blockquote>";
    const text = storyBlocks(html)
      .map((block) => block.text)
      .join(" ");
    expect(wordHashes(html, { html: true })).toEqual(wordHashes(text));
    expect(wordHashes(html, { html: true }).length).toBe(countStoryWords(html).wordCount);
  });

  it("hashes every window of SHINGLE_WORDS words; a window only depends on its words", () => {
    const hashes = windowHashes(wordHashes(words(20)));
    expect(hashes.length).toBe(20 - SHINGLE_WORDS + 1);
    expect(windowHashes(wordHashes(words(SHINGLE_WORDS, 5)))[0]).toBe(hashes[5]);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(windowHashes(wordHashes(words(SHINGLE_WORDS - 1))).length).toBe(0);
  });

  it("keeps a delivery as its sorted unique window hashes, 4 bytes each, never its words", () => {
    const text = `${words(30)} ${words(30)}`;
    const { words: count, shingles } = fingerprintOf(text);
    expect(count).toBe(60);
    const values = Array.from({ length: shingles.length / 4 }, (_, i) => shingles.readUInt32LE(i * 4));
    expect(values).toEqual([...new Set(windowHashes(wordHashes(text)))].sort((a, b) => a - b));
    expect(shingles.toString("latin1")).not.toContain("w1");
  });

  it("bounds a huge delivery's fingerprint", () => {
    const huge = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do ".repeat(30_000);
    const { words: count, shingles } = fingerprintOf(huge);
    expect(count).toBe(MAX_FINGERPRINT_WORDS);
    expect(shingles.length).toBeLessThanOrEqual(MAX_FINGERPRINT_WORDS * 4);
  });
});

describe("coverage", () => {
  const lookup = new ShingleLookup([fingerprintOf(words(100)).shingles]);

  it("covers Marin's words wherever they stand, and nothing else", () => {
    expect(coveredWords(wordHashes(words(100)), lookup)).toBe(100);
    expect(coveredWords(wordHashes(`${words(50, 500)} ${words(100)} ${words(50, 700)}`), lookup)).toBe(100);
    expect(coveredWords(wordHashes(words(100, 1000)), lookup)).toBe(0);
    expect(coveredWords(wordHashes(words(100)), new ShingleLookup([]))).toBe(0);
  });

  it("leaves a word typed inside Marin's text to the writer", () => {
    const typed = `${words(50)} mine ${words(50, 50)}`;
    expect(coveredWords(wordHashes(typed), lookup)).toBe(100);
  });

  it("needs two matching windows in a row: a short run Marin and the writer share by chance does not count", () => {
    expect(coveredWords(wordHashes(`x ${words(SHINGLE_WORDS, 10)} y`), lookup)).toBe(0);
    expect(coveredWords(wordHashes(`x ${words(SHINGLE_WORDS + 1, 10)} y`), lookup)).toBe(SHINGLE_WORDS + 1);
  });

  it("finds the hash 0 and every stored hash, whatever the buffers' alignment", () => {
    const bytes = Buffer.alloc(4 * 3 + 1);
    bytes.writeUInt32LE(0, 1);
    bytes.writeUInt32LE(0xffffffff, 5);
    bytes.writeUInt32LE(0x80000000, 9);
    const odd = new ShingleLookup([bytes.subarray(1)]);
    expect([odd.has(0), odd.has(0xffffffff), odd.has(0x80000000), odd.has(1)]).toEqual([true, true, true, false]);
    expect(odd.size).toBe(3);
  });
});

describe("the table of cases", () => {
  it("measures each case within its expected range", () => {
    const measured = measureCases();
    // The table docs/ai-measurement.md shows.
    console.log(`\n${casesTable(measured)}\n`);
    for (const c of measured) {
      expect(c.measured, c.name).toBeGreaterThanOrEqual(c.expected[0]);
      expect(c.measured, c.name).toBeLessThanOrEqual(c.expected[1]);
    }
  });
});

describeEachDb("fingerprints in the database", (ctx) => {
  const db = () => ctx().database.db;

  it("keeps one row per delivery with its writer and story, and measures with all of the writer's rows", async () => {
    const writer = await createUser(db());
    const other = await createUser(db());
    const story = await createStory(db(), { authorId: writer.id });
    await recordFingerprint(db(), { userId: writer.id, storyId: story.id, kind: "generate", text: MARIN_TEXT[0]! });
    await recordFingerprint(db(), { userId: writer.id, storyId: null, kind: "chat", text: MARIN_TEXT[1]! });
    // Too short for a window: nothing to keep.
    await recordFingerprint(db(), { userId: writer.id, storyId: story.id, kind: "rewrite", text: "Yes." });
    const rows = await db().select().from(marinFingerprints).where(eq(marinFingerprints.userId, writer.id));
    expect(rows.map((r) => [r.kind, r.storyId])).toEqual([
      ["generate", story.id],
      ["chat", null],
    ]);
    const html = MARIN_TEXT.map((t) => `<p>${t}</p>`).join("");
    const { wordCount } = countStoryWords(html);
    expect(measureAiWords(html, wordCount, await loadShingleLookup(db(), writer.id))).toBe(wordCount);
    expect(measureAiWords(html, wordCount, await loadShingleLookup(db(), other.id))).toBe(0);
  });

  it("reads at most the newest MAX_FINGERPRINTS_MEASURED fingerprints, however many a writer has", async () => {
    const writer = await createUser(db());
    const [older, newer] = MARIN_TEXT as [string, string];
    await recordFingerprint(db(), { userId: writer.id, storyId: null, kind: "generate", text: older });
    await recordFingerprint(db(), { userId: writer.id, storyId: null, kind: "generate", text: newer });
    const both = await loadShingleLookup(db(), writer.id);
    const newest = await loadShingleLookup(db(), writer.id, 1);
    expect(newest.size).toBe(fingerprintOf(newer).shingles.length / 4);
    expect(both.size).toBe(newest.size + fingerprintOf(older).shingles.length / 4);
  });

  it("goes with the writer's account", async () => {
    const writer = await createUser(db());
    await recordFingerprint(db(), { userId: writer.id, storyId: null, kind: "generate", text: MARIN_TEXT[0]! });
    await db().delete(users).where(eq(users.id, writer.id));
    const [left] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(marinFingerprints)
      .where(eq(marinFingerprints.userId, writer.id));
    expect(left!.n).toBe(0);
  });

  it("measures stories counted by their wrappers once, keeping the wrapped text as the author's legacy fingerprint", async () => {
    const writer = await createUser(db());
    const wrapped = `<p>${words(20, 9000)}</p><div class="generated-content"><p>${MARIN_TEXT[0]}</p></div>`;
    const counts = countStoryWords(wrapped);
    const old = await createStory(db(), { authorId: writer.id, content: wrapped, ...counts });
    // Its copy without wrappers, also from before: measured by the first story's wrapped text.
    const copy = await createStory(db(), { authorId: writer.id, content: wrapped.replace(/<\/?div[^>]*>/g, "") });
    expect(old.aiMeasuredWith).toBe(0);

    expect(await measureLegacyStories(db(), { batchSize: 1 })).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(stories).where(eq(stories.id, old.id));
    expect(row).toMatchObject({ aiWordCount: counts.aiWordCount, aiMeasuredWith: AI_MEASURE_VERSION });
    const legacy = await db().select().from(marinFingerprints).where(eq(marinFingerprints.storyId, old.id));
    expect(legacy.map((r) => r.kind)).toEqual(["legacy"]);
    expect(await measureLegacyStories(db())).toBe(0);

    const lookup = await loadShingleLookup(db(), writer.id);
    expect(measureAiWords(copy.content, counts.wordCount, lookup)).toBe(counts.aiWordCount);
  });
});
