// A small seeded PRNG (mulberry32) so a seed always yields the same bench data.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  chance(p: number): boolean;
  /** An exponentially distributed integer with the given mean: most values small, a few large. */
  skewed(mean: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample(items, n) {
      const count = Math.min(n, items.length);
      // NOTE: rejection sampling on indexes; callers ask for few items out of many, so it stays O(n).
      if (count > items.length / 2) {
        const copy = [...items];
        for (let i = copy.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [copy[i], copy[j]] = [copy[j]!, copy[i]!];
        }
        return copy.slice(0, count);
      }
      const picked = new Set<number>();
      while (picked.size < count) picked.add(Math.floor(next() * items.length));
      return [...picked].map((i) => items[i]!);
    },
    chance: (p) => next() < p,
    skewed: (mean) => Math.floor(-Math.log(1 - next()) * mean),
  };
}
