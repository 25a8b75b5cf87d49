// Summarizes a V8 CPU profile (bench/run.ts --cpu-prof DIR writes one per case):
//   npx tsx bench/profile-summary.ts DIR/read-10.cpuprofile [--top 25] [--match read-counter] [--tasks 5]
// Prints the functions with the most self time and the most total time (their callees included), as shares of
// the profile's busy time (idle, GC and "(program)" listed apart), and with --match the total time of the
// functions whose file or name contains that text (each sample counted once). --tasks N: the N longest stretches of
// busy samples with no idle sample between them (a browser's long tasks, roughly), each with its busiest callees.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    match: { type: "string", multiple: true },
    tasks: { type: "string", default: "0" },
  },
});
const file = positionals[0];
if (!file) throw new Error("usage: profile-summary.ts FILE.cpuprofile [--top N] [--match TEXT]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${url.replace(/^file:\/\/.*?\/(node_modules|src|bench)\//, "$1/")}:${lineNumber + 1}` : "";
  return `${functionName || "(anonymous)"} ${where}`.trim();
};
const SPECIAL = new Set(["(idle)", "(garbage collector)", "(program)", "(root)", "(profiler)"]);

const self = new Map<string, number>();
const total = new Map<string, number>();
const matched = new Map<string, number>();
let all = 0;
const special = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  let name = node.callFrame.functionName;
  // NOTE: the profiler's own work (Profiler.stop serializing the profile) is not the app's.
  for (let n: ProfileNode | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
    if (n.callFrame.url === "node:inspector") name = "(profiler)";
  }
  if (SPECIAL.has(name)) {
    special.set(name, (special.get(name) ?? 0) + dt);
    if (name !== "(idle)" && name !== "(profiler)") all += dt;
    return;
  }
  all += dt;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  const hits = new Set<string>();
  for (let n: ProfileNode | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
    const l = label(n);
    if (!seen.has(l)) {
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
    for (const m of values.match ?? []) if (l.includes(m)) hits.add(m);
  }
  for (const m of hits) matched.set(m, (matched.get(m) ?? 0) + dt);
});

const top = Number(values.top);
const pct = (us: number) => `${((us / all) * 100).toFixed(1).padStart(5)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
console.log(`${file}: ${ms(all)} busy (GC and "(program)" included)`);
for (const [name, us] of special) {
  console.log(`  ${name}: ${ms(us)}${name === "(idle)" || name === "(profiler)" ? "" : ` ${pct(us)}`}`);
}
for (const [title, map] of [
  ["self time", self],
  ["total time", total],
] as const) {
  console.log(`\nmost ${title}:`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us)} ${ms(us)}  ${name}`);
  }
}
for (const [m, us] of matched) console.log(`\n--match ${m}: ${ms(us)} ${pct(us)} of busy time`);

/** Busy stretches: runs of samples that are not "(idle)", with the total time of the functions inside each. */
function longestStretches(count: number): void {
  const stretches: { start: number; us: number; total: Map<string, number> }[] = [];
  let current: (typeof stretches)[number] | null = null;
  let clock = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    clock += dt;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") {
      current = null;
      return;
    }
    if (!current) {
      current = { start: clock, us: 0, total: new Map() };
      stretches.push(current);
    }
    current.us += dt;
    const seen = new Set<string>();
    for (let n: ProfileNode | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const l = label(n);
      if (seen.has(l) || SPECIAL.has(n.callFrame.functionName)) continue;
      seen.add(l);
      current.total.set(l, (current.total.get(l) ?? 0) + dt);
    }
  });
  console.log(`\nlongest busy stretches (of ${stretches.length}):`);
  for (const s of [...stretches].sort((a, b) => b.us - a.us).slice(0, count)) {
    console.log(`  ${ms(s.us)} at ${ms(s.start)}`);
    const inner = [...s.total].sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [name, us] of inner) console.log(`      ${ms(us)}  ${name}`);
  }
}
if (Number(values.tasks) > 0) longestStretches(Number(values.tasks));
