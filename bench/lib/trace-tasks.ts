// The main thread's long tasks in a Chrome trace (devtools.timeline), each with its time split by what ran in it:
// script (by the function or script that started it), style, layout, HTML parsing, garbage collection. Used by
// `bench/lighthouse-app.ts --trace DIR` to see what a long task is made of (Lighthouse's "Other" hides most of it).

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** Self time in milliseconds by the kind of work (nested events count only their own time). */
  parts: [string, number][];
}

const KINDS: Record<string, string> = {
  FunctionCall: "script",
  EvaluateScript: "script",
  "v8.compile": "compile",
  "v8.compileModule": "compile",
  "v8.evaluateModule": "script",
  TimerFire: "script",
  FireAnimationFrame: "script",
  EventDispatch: "script",
  RunMicrotasks: "microtasks",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  Layout: "layout",
  ParseHTML: "parse HTML",
  ParseAuthorStyleSheet: "parse CSS",
  MinorGC: "GC",
  MajorGC: "GC",
  "V8.GC_SCAVENGER": "GC",
  Paint: "paint",
  PrePaint: "paint",
  UpdateLayer: "paint",
  Layerize: "paint",
  HitTest: "hit test",
  IntersectionObserverController_computeIntersections: "intersection observers",
  ResourceReceivedData: "network",
  ResourceFinish: "network",
  ResourceReceiveResponse: "network",
};

/** The tasks of the renderer's main thread longer than `overMs`, with their self time by kind of work. */
export function longTasks(events: TraceEvent[], overMs: number): LongTask[] {
  // NOTE: a navigation may change renderer process: the page's main thread is the one that worked the most.
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.name === "RunTask") busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  }
  const busyOf = (t: TraceEvent) => busy.get(`${t.pid}:${t.tid}`) ?? 0;
  const thread = events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((a, b) => busyOf(b) - busyOf(a))[0];
  if (!thread) return [];
  const main = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const start = main[0]?.ts ?? 0;
  const tasks: LongTask[] = [];
  let i = 0;
  while (i < main.length) {
    const task = main[i]!;
    const end = task.ts + task.dur!;
    let j = i + 1;
    while (j < main.length && main[j]!.ts < end) j++;
    if (task.name === "RunTask" && task.dur! / 1000 > overMs) {
      tasks.push({
        startMs: (task.ts - start) / 1000,
        durationMs: task.dur! / 1000,
        parts: selfTimes(main.slice(i, j)),
      });
    }
    i = j;
  }
  return tasks;
}

/** Self time by kind over one task's nested events (the first is the task itself). */
function selfTimes(nested: TraceEvent[]): [string, number][] {
  const totals = new Map<string, number>();
  const stack: { end: number; kind: string }[] = [];
  let last = nested[0]!.ts;
  const credit = (until: number) => {
    const top = stack.at(-1);
    if (top && until > last) totals.set(top.kind, (totals.get(top.kind) ?? 0) + (until - last));
    last = Math.max(last, until);
  };
  for (const event of nested) {
    while (stack.length > 0 && stack.at(-1)!.end <= event.ts) {
      credit(stack.at(-1)!.end);
      stack.pop();
    }
    credit(event.ts);
    const parent = stack.at(-1)?.kind ?? "other";
    const named = KINDS[event.name];
    const source =
      event.args?.data?.url
        ?.split("/")
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, "") ?? "";
    const kind = named === "script" && source ? `script ${source}` : (named ?? (parent === "other" ? "other" : parent));
    stack.push({ end: event.ts + event.dur!, kind: event.name === "RunTask" ? "other" : kind });
  }
  while (stack.length > 0) {
    credit(stack.at(-1)!.end);
    stack.pop();
  }
  return [...totals.entries()].map(([kind, us]) => [kind, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
}
