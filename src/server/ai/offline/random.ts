// A small seeded generator: the offline storyteller's choices depend on the seed and nothing else.

/** A 32-bit hash of a string (FNV-1a), used to derive a seed from the prompt and to mix seeds. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** mulberry32: a float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Picks one not in `used` when it can (so a scene does not repeat itself), and remembers it. */
  fresh<T>(items: readonly T[], used: Set<T>): T {
    const unused = items.filter((item) => !used.has(item));
    const choice = this.pick(unused.length > 0 ? unused : items);
    used.add(choice);
    return choice;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}
