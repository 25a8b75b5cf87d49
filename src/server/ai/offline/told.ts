// What the story has already said, so a new scene never writes one of its sentences again, and the last guard on
// every text the storyteller hands back: no sentence ends on a word that cannot end one ('…closes the.').

/** The sentences of a text, headings left out. */
export function sentencesIn(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((p) => p.trim() !== "" && !p.trimStart().startsWith("#"))
    .flatMap((p) => p.split(/(?<=[.!?…]["”’]?)\s+(?=["“]?\p{Lu})/u))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const same = (sentence: string) => {
  const lower = sentence.toLowerCase();
  return /\s\s|[\t\n]/.test(lower) ? lower.replace(/\s+/g, " ") : lower;
};

/** The sentences already told (the story, then each paragraph the scene adds). */
export class Told {
  private readonly seen = new Set<string>();

  constructor(text: string) {
    this.add(text);
  }

  add(text: string): void {
    for (const s of sentencesIn(text)) this.seen.add(same(s));
  }

  repeats(text: string): boolean {
    return sentencesIn(text).some((s) => this.seen.has(same(s)));
  }

  /**
   * Paragraphs from `make` with no sentence told before, tried again with the next choices when one is; null when
   * every try repeats. The paragraphs it returns count as told.
   */
  fresh(make: () => string[], tries = 6): string[] | null {
    for (let i = 0; i < tries; i++) {
      const paragraphs = make();
      if (!paragraphs.some((p) => this.repeats(p))) {
        for (const p of paragraphs) this.add(p);
        return paragraphs;
      }
    }
    return null;
  }
}

/** Words a sentence cannot end on: articles, possessives, conjunctions, a preposition or a verb left hanging. */
const DANGLING =
  /\s+(?:the|a|an|my|your|our|their|its|of|into|onto|and|or|nor|but|than|with|from|to|at|in|on|was|were|is|are)(?=\s*[.!?…—]["”’]?(?:\s|$))/giu;

/** Drops the dangling words a sentence would otherwise end on. */
export function mendEndings(text: string): string {
  let mended = text;
  // NOTE: again while it changes, for 'the edge of the.' → 'the edge of.' → 'the edge.'
  for (let i = 0; i < 3; i++) {
    const next = mended.replace(DANGLING, "");
    if (next === mended) break;
    mended = next;
  }
  return mended;
}
