// Marin's time to first token, as the TTFT benches measure it: from sending a chat to the first SSE `delta` event,
// two kinds of request taken in turn (each run starts with the other kind), then p25, median, p90 and min of each.
import { formatMs, printTable } from "./table";

export const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? 0;

/** Milliseconds from `started` to the first `delta` event of an SSE response; reads the stream to its end. */
export async function firstDeltaMs(response: Response, started: number): Promise<number> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = "";
  let at = -1;
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(bytes, { stream: true });
    if (at < 0 && text.includes("event: delta")) at = performance.now() - started;
  }
  if (at < 0) throw new Error(`no delta in ${text.slice(0, 200)}`);
  return at;
}

export interface TtftPath<Which> {
  name: string;
  which: Which;
  ms: number[];
}

/** Runs `measure` for each path in turn, `warmup + runs` rounds, keeping the last `runs` of each. */
export async function alternate<Which>(
  paths: TtftPath<Which>[],
  rounds: { warmup: number; runs: number },
  measure: (which: Which) => Promise<number>,
): Promise<void> {
  for (let i = 0; i < rounds.warmup + rounds.runs; i++) {
    for (let k = 0; k < paths.length; k++) {
      const path = paths[(i + k) % paths.length]!;
      const ms = await measure(path.which);
      if (i >= rounds.warmup) path.ms.push(ms);
    }
  }
}

/** The table of both paths and the difference of their medians (second minus first) against the 5 ms budget. */
export function printTtft<Which>(first: string, paths: readonly TtftPath<Which>[], addedBy: string): void {
  printTable(
    [first, "p25", "median", "p90", "min"],
    paths.map((p) => [
      p.name,
      formatMs(quantile(p.ms, 0.25)),
      formatMs(quantile(p.ms, 0.5)),
      formatMs(quantile(p.ms, 0.9)),
      formatMs(Math.min(...p.ms)),
    ]),
  );
  const [without, withIt] = paths.map((p) => quantile(p.ms, 0.5)) as [number, number];
  console.log(`\nAdded by ${addedBy} (difference of medians): ${formatMs(withIt - without)} (budget: under 5 ms)`);
}
