// Cleaning only what a save changed (incremental-clean.ts): for the editor's own HTML the result is byte for byte the
// whole-text clean, with the same word counts, wherever the edit falls; for hostile HTML in the changed part the result
// is still clean (cleaning it again changes nothing) and counted as stored.
import { describe, expect, it } from "vitest";
import { longStoryHtml } from "../../../bench/lib/long-story";
import { changedSpan, cleanAgainst, INCREMENTAL_MIN_CHARS, topLevelBoundaries } from "./incremental-clean";
import { sanitizeContent } from "../content/sanitize-content";
import { countStoryWords } from "../content/story-text";

const stored = sanitizeContent(
  longStoryHtml(140_000).replace(
    "</p><p>",
    '</p><div class="generated-content" data-model="Offline storyteller"><p>Marin wrote this line.</p></div><p>',
  ),
);
const storedCounts = countStoryWords(stored);
const whole = (html: string) => {
  const content = sanitizeContent(html);
  return { content, ...countStoryWords(content) };
};
const incremental = (html: string) => cleanAgainst(html, { content: stored, counts: storedCounts });
/** The offset of the n-th occurrence of `needle` (from the start, or from the end when n < 0). */
const nth = (needle: string, n: number) => {
  let at = n >= 0 ? -1 : stored.length;
  for (let i = 0; i < Math.abs(n); i++)
    at = n >= 0 ? stored.indexOf(needle, at + 1) : stored.lastIndexOf(needle, at - 1);
  return at;
};
const splice = (at: number, remove: number, insert: string) => stored.slice(0, at) + insert + stored.slice(at + remove);

describe("cleaning only what changed", () => {
  it("starts from a stored text the sanitizer leaves as it is", () => {
    expect(stored.length).toBeGreaterThan(INCREMENTAL_MIN_CHARS * 4);
    expect(sanitizeContent(stored)).toBe(stored);
    const boundaries = topLevelBoundaries(stored);
    expect(boundaries[0]).toBe(0);
    expect(boundaries.at(-1)).toBe(stored.length);
    expect(boundaries.length).toBeGreaterThan(100);
  });

  const edits: [string, string][] = [
    ["a word changed mid-paragraph", splice(nth(" the ", 40), 5, " a ")],
    ["a paragraph typed at the start", `<p>A new opening line.</p>${stored}`],
    ["a paragraph typed at the end", `${stored}<p>The end, for now.</p>`],
    ["paragraphs deleted in the middle", splice(nth("<p>", 30), nth("<p>", 45) - nth("<p>", 30), "")],
    [
      "Marin's insertion between paragraphs",
      splice(nth("<p>", 60), 0, '<div class="generated-content" data-model="m"><p>New lines from Marin.</p></div>'),
    ],
    [
      "Marin's words taken in (the wrapper removed)",
      stored.replace(/<div class="generated-content"[^>]*>|<\/div>/, ""),
    ],
    ["text pasted with an entity and a scene break", splice(nth("</p>", -5), 0, " &amp; more<br>then")],
    ["a chapter heading renamed", splice(nth("<h2>", 3) + 4, 9, "Chapter Three: Fog")],
    ["a space before a word's end", splice(nth("</p>", 12) - 1, 0, " ")],
    ["the last character deleted", stored.slice(0, -5) + stored.slice(-4)],
    ["nothing changed", stored],
  ];
  for (const [what, html] of edits) {
    it(`gives the whole-text result for ${what}`, () => {
      expect(incremental(html)).toEqual(whole(html));
    });
  }

  it("keeps hostile HTML in the changed part from leaving anything unclean or reaching into the rest", () => {
    const attacks = [
      "<script>alert(1)</script>",
      '<p>x<img src=x onerror="alert(1)">y</p>',
      "<p><b>unclosed bold",
      "</p></div></section></b>",
      "<textarea>",
      '<div class="generated-content" data-model="<b>x</b>"><p>unclosed wrapper',
      '<a href="javascript:alert(1)">link</a>',
      "<!-- comment <p>",
      '<style>p{}</style><p style="color:red;text-align:center">styled</p>',
    ];
    for (const attack of attacks) {
      const html = splice(nth("<p>", 50) + 3, 0, attack);
      const result = incremental(html);
      expect(sanitizeContent(result.content), attack).toBe(result.content);
      expect(result.content).not.toMatch(/<script|onerror|javascript:|<textarea|<!--|color:red/);
      expect({ wordCount: result.wordCount, aiWordCount: result.aiWordCount }, attack).toEqual(
        countStoryWords(result.content),
      );
      // What came after the change is kept as stored.
      expect(result.content.endsWith(stored.slice(nth("<p>", 55)))).toBe(true);
    }
  });

  it("cleans and counts the whole text when there is nothing trustworthy to compare with", () => {
    const html = `${stored}<p>one more</p>`;
    expect(cleanAgainst(html)).toEqual(whole(html));
    expect(cleanAgainst(html, { content: stored, counts: null })).toEqual(whole(html));
    const short = "<p>Short <b>story</b></p>";
    expect(cleanAgainst(short, { content: "<p>Short</p>", counts: { wordCount: 1, aiWordCount: 0 } })).toEqual(
      whole(short),
    );
  });

  it("finds the same span from either end of the text as the full list of boundaries gives", () => {
    const boundaries = topLevelBoundaries(stored);
    const floor = (at: number) => boundaries.filter((b) => b <= at).at(-1);
    const ceil = (at: number) => boundaries.find((b) => b >= at);
    // Deterministic spread of changes: at the start, the end, on boundaries, inside tags and text, one or wide.
    const points = [0, 1, 3, stored.length - 1, stored.length, ...boundaries.slice(0, 5), ...boundaries.slice(-5)];
    for (let i = 1; i <= 60; i++) points.push(Math.floor((stored.length * i * 7919) / 60 / 7919));
    for (const p of points) {
      for (const width of [0, 1, 37, 5000, 90_000]) {
        const s = Math.min(stored.length, p + width);
        expect(changedSpan(stored, p, s), `${p}..${s}`).toEqual([floor(p), ceil(s)]);
      }
    }
  });

  it("answers the whole text where what it reads is not what the sanitizer writes, from either end", () => {
    const strayClose = `${stored.slice(0, 5_000)}</div>${stored.slice(5_000)}`;
    expect(changedSpan(strayClose, 10_000, 10_020)).toEqual([0, strayClose.length]);
    const at = stored.length - 5_000;
    const unclosed = `${stored.slice(0, at)}<div>${stored.slice(at)}`;
    expect(changedSpan(unclosed, unclosed.length - 20_000, unclosed.length - 19_000)).toEqual([0, unclosed.length]);
  });
});
