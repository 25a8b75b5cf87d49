// The History dialog's diff (version-diff.ts): paragraphs aligned first, words marked within each changed one, and
// bounded when the change is the whole story.
import { describe, expect, it } from "vitest";
import { diffVersion } from "./version-diff";

const story = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");
const prose = (i: number) => `Pip Marlow crossed bridge ${i} before the bells rang over the river.`;
const paragraphs = (count: number, text = prose) => Array.from({ length: count }, (_, i) => text(i));

describe("a version against the current text", () => {
  it("marks one inserted paragraph with a line of context each side and the rest folded", () => {
    const before = paragraphs(40);
    const after = [...before.slice(0, 20), "A new paragraph appears here.", ...before.slice(20)];
    const diff = diffVersion(story(before), story(after));
    expect(diff.parts).toEqual([
      { kind: "gap", paragraphs: 19 },
      { kind: "same", text: `${prose(19)}\n` },
      { kind: "added", text: "A new paragraph appears here.\n" },
      { kind: "same", text: `${prose(20)}\n` },
      { kind: "gap", paragraphs: 19 },
    ]);
    expect(diff).toMatchObject({ added: 5, removed: 0, truncated: false });
  });

  it("aligns an old version of a long history (thousands of changed paragraphs) instead of replacing the story", () => {
    // 3,000 paragraphs; since then 600 written in three places and every fifth paragraph edited.
    const before = paragraphs(3000);
    const after = before.map((p, i) => (i % 5 === 0 ? p.replace("bells", "great bells") : p));
    for (const at of [2500, 1500, 500])
      after.splice(at, 0, ...paragraphs(200, (i) => `Written later, part ${at}-${i}.`));
    const diff = diffVersion(story(before), story(after));
    // Nothing removed but what was edited: the edits are words, not whole paragraphs.
    expect(diff.removed).toBe(0);
    expect(diff.parts.some((part) => part.kind === "removed")).toBe(false);
    expect(diff.parts.filter((part) => part.kind === "added" && part.text === "great ")).not.toHaveLength(0);
    expect(diff.parts.some((part) => part.kind === "gap")).toBe(true);
  });

  it("diffs a name replaced throughout paragraph by paragraph, marking only the name, and cuts at the limit", () => {
    const marked = (parts: ReturnType<typeof diffVersion>["parts"]) =>
      new Set(parts.flatMap((part) => (part.kind === "added" || part.kind === "removed" ? [part.text] : [])));
    const before = paragraphs(1000);
    const diff = diffVersion(story(before), story(before.map((p) => p.replace("Pip", "Pippa"))));
    expect(diff).toMatchObject({ added: 1000, removed: 1000, truncated: false });
    expect(marked(diff.parts)).toEqual(new Set(["Pip", "Pippa"]));
    // Twice as long: past the 200,000 characters shown, the first paragraphs' changes and a cut.
    const longer = paragraphs(2000);
    const cut = diffVersion(story(longer), story(longer.map((p) => p.replace("Pip", "Pippa"))));
    expect(cut.truncated).toBe(true);
    expect(cut.added).toBeGreaterThan(1000);
    expect(marked(cut.parts)).toEqual(new Set(["Pip", "Pippa"]));
  });

  it("shows a rewritten stretch past the shown limit as far as it goes, removed then added", () => {
    const kept = paragraphs(3);
    const old = paragraphs(2000, (i) => `An old line of the story, number ${i}, long gone by now.`);
    const rewritten = paragraphs(2100, (i) => `A new line written in its place, number ${i}, kept.`);
    const diff = diffVersion(story([...kept, ...old, ...kept]), story([...kept, ...rewritten, ...kept]));
    expect(diff.truncated).toBe(true);
    const kinds = diff.parts.map((part) => part.kind).filter((kind) => kind === "removed" || kind === "added");
    expect(kinds).toEqual(["removed", "added"]);
    expect(diff.removed).toBeGreaterThan(0);
    expect(diff.added).toBeGreaterThan(0);
  });

  it("shows a stretch past the aligner's budget removed then added, cut to the shown limit", () => {
    const before = paragraphs(8000);
    const diff = diffVersion(story(before), story([...before].reverse()));
    expect(diff.truncated).toBe(true);
    const shown = diff.parts.flatMap((part) => (part.kind === "removed" || part.kind === "added" ? [part] : []));
    expect(shown.map((part) => part.kind)).toEqual(["removed", "added"]);
    expect(shown.reduce((n, part) => n + part.text.length, 0)).toBeLessThanOrEqual(200_000);
  });
});
