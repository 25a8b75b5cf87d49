// Lighthouse on the signed-in app, mobile defaults (simulated throttling), in a signed-in Chromium profile: a writer
// signed up, verified and signed in through the API, with a 5,000-word story; each page loaded once first, so its
// JavaScript is in the browser's cache (Lighthouse's storage reset is off to keep it, and the session cookie).
//   npm run build && npx tsx bench/lighthouse-app.ts [--runs 5] [--words 5000] [--stories 1000] [--reports dir]
//     [--pages editor] [--cpu-prof dir] [--trace dir]
// Pages: the dashboard (/dashboard), Discover (/dashboard/discover) and the editor of that story
// (/dashboard/story/{id}). Prints each run and, per page, the medians. See bench/README.md.
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { type Browser, type Page, chromium as playwright } from "playwright";
import { sanitizeContent } from "../src/server/content/sanitize-content";
import { startChromium } from "./lib/chromium";
import { type ServerProcess, startServerProcess } from "./lib/ipc";
import { storyOfWords } from "./lib/long-story";
import { printTable } from "./lib/table";
import { longTasks } from "./lib/trace-tasks";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    words: { type: "string", default: "5000" },
    stories: { type: "string", default: "1000" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
    reports: { type: "string" },
    /** Only these pages, comma-separated (dashboard,discover,editor); all three by default. */
    pages: { type: "string", default: "dashboard,discover,editor" },
    /** Also writes DIR/{page}.cpuprofile: the page's main thread over one cached, unthrottled reload. */
    "cpu-prof": { type: "string" },
    /**
     * Also writes DIR/{page}.trace.json: a Chrome trace of one cached load, and prints its tasks over 12.5 ms split by
     * the kind of work in them (bench/lib/trace-tasks.ts). Lighthouse's simulation multiplies each task of an
     * unthrottled load by 4, so these are the tasks that count towards its total blocking time.
     */
    trace: { type: "string" },
  },
});

interface RunResult {
  page: string;
  score: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** The main thread's busiest script work as Lighthouse's bootup-time audit attributes it, for finding long tasks. */
  topScripts: string;
}

/** Signs a writer up, verifies the address from the app's outbox, signs in: the cookies the browser would hold. */
async function signUpWriter(base: string, app: ServerProcess<AppServerReady>) {
  const email = `writer${Date.now()}@example.com`;
  const password = "Writer-pass1!";
  const headers = { "content-type": "application/json", origin: base };
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username: `wr${Date.now() % 1e7}`, email, password }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const outbox = await app.call<{ to: string; text: string }[]>("outbox");
  const token = /verify-email\?token=([\w%-]+)/.exec(outbox.find((m) => m.to === email)?.text ?? "")?.[1];
  if (!token) throw new Error("no verification link in the outbox");
  await fetch(`${base}/api/verify-email?token=${token}`, { redirect: "manual" });
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => {
    const [name, ...value] = c.split(";")[0]!.split("=");
    return { name: name!, value: value.join("="), url: base };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const created = await fetch(`${base}/api/stories`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ title: "The Long Winter", content: storyOfWords(Number(values.words), sanitizeContent) }),
  });
  if (!created.ok) throw new Error(`create story: ${created.status} ${await created.text()}`);
  return { cookies, storyId: ((await created.json()) as { id: number }).id };
}

async function audit(url: string, port: number, page: string, run: number): Promise<RunResult> {
  // NOTE: Lighthouse's defaults (mobile, simulated throttling), but without its storage reset: that would empty the
  // HTTP cache (the app's JavaScript is cached, as for a writer who comes back) and the session's cookies.
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    disableStorageReset: true,
    onlyCategories: ["performance", "best-practices"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: the session was lost`);
  }
  if (values.reports) {
    mkdirSync(values.reports, { recursive: true });
    writeFileSync(join(values.reports, `${page}-${run}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const bootup = (lhr.audits["bootup-time"]?.details as { items?: { url: string; scripting: number }[] })?.items ?? [];
  return {
    page,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    fcpMs: numeric("first-contentful-paint"),
    topScripts: bootup
      .slice(0, 2)
      .map((i) => `${i.url.split("/").pop()} ${Math.round(i.scripting)}`)
      .join(", "),
  };
}

/** Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP); such a run is repeated, not counted. */
async function auditWithRetry(url: string, port: number, page: string, run: number): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, page, run);
    } catch (error) {
      const lostTrace = error instanceof Error && /NO_NAVSTART|NO_FCP|NO_LCP/.test(error.message);
      if (!lostTrace || attempt === 3) throw error;
    }
  }
}

/** One cached load, traced: prints its tasks over 12.5 ms (50 ms in Lighthouse's 4× simulation), what each holds. */
async function traceLoad(browser: Browser, tab: Page, page: string, url: string): Promise<void> {
  const dir = values.trace!;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${page}.trace.json`);
  // As Lighthouse does: from a blank page, so nothing of the page before is in the trace.
  await tab.goto("about:blank");
  await browser.startTracing(tab, {
    path: file,
    categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline"],
  });
  await tab.goto(url, { waitUntil: "networkidle" });
  await tab.waitForTimeout(1000);
  await browser.stopTracing();
  const { traceEvents } = JSON.parse(readFileSync(file, "utf8"));
  const tasks = longTasks(traceEvents, 12.5);
  const blocking = tasks.reduce((sum, t) => sum + 4 * t.durationMs - 50, 0);
  console.log(`${page}: ${tasks.length} tasks over 12.5 ms, ${Math.round(blocking)} ms of blocking once ×4 (${file})`);
  for (const t of tasks) {
    const parts = t.parts
      .filter(([, ms]) => ms >= 2)
      .map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
      .join(", ");
    console.log(`  ${Math.round(t.startMs)} ms: ${Math.round(t.durationMs)} ms — ${parts}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const runs = Math.max(1, Number(values.runs) || 5);
  console.log(
    `Lighthouse ${runs} run(s) per signed-in page, mobile defaults, load average ${loadavg()[0]?.toFixed(2)}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-lighthouse-app-"));
  const profileDir = mkdtempSync(join(tmpdir(), "ficforge-chromium-"));
  let app: ServerProcess<AppServerReady> | undefined;
  let chromium: ChildProcess | undefined;
  try {
    app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
      dataDir,
      stories: Number(values.stories),
      seed: 1,
    } satisfies AppServerOptions);
    const base = `http://127.0.0.1:${app.ready.port}`;
    const { cookies, storyId } = await signUpWriter(base, app);
    const allPages = {
      dashboard: "/dashboard",
      discover: "/dashboard/discover",
      editor: `/dashboard/story/${storyId}`,
    };
    const wanted = new Set(values.pages.split(","));
    const pages = Object.fromEntries(Object.entries(allPages).filter(([page]) => wanted.has(page)));
    const started = await startChromium(values.chrome, profileDir);
    chromium = started.process;
    // The profile signs in and loads each page once: its scripts and styles are then in the HTTP cache.
    const browser = await playwright.connectOverCDP(`http://127.0.0.1:${started.port}`);
    const context = browser.contexts()[0]!;
    await context.addCookies(cookies);
    const tab = await context.newPage();
    for (const path of Object.values(pages)) {
      await tab.goto(base + path, { waitUntil: "networkidle" });
      if (new URL(tab.url()).pathname !== path) throw new Error(`${path} went to ${tab.url()}: not signed in`);
    }
    // What the browser complains about (a blocked resource costs best practices points), once per page.
    tab.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") console.log(`console: ${message.text()}`);
    });
    for (const [page, path] of Object.entries(pages)) {
      const cdp = await context.newCDPSession(tab);
      const profiling = values["cpu-prof"] !== undefined;
      if (profiling) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.start"));
      await tab.goto(base + path, { waitUntil: "networkidle" });
      if (profiling) {
        const { profile } = await cdp.send("Profiler.stop");
        mkdirSync(values["cpu-prof"]!, { recursive: true });
        writeFileSync(join(values["cpu-prof"]!, `${page}.cpuprofile`), JSON.stringify(profile));
      }
      await cdp.detach();
    }
    if (values.trace)
      for (const [page, path] of Object.entries(pages)) await traceLoad(browser, tab, page, base + path);
    await tab.close();
    await browser.close();

    const results: RunResult[] = [];
    for (const [page, path] of Object.entries(pages)) {
      for (let run = 1; run <= runs; run++) results.push(await auditWithRetry(base + path, started.port, page, run));
    }
    printTable(
      ["page", "perf", "best pr.", "LCP", "FCP", "TBT", "most script time (ms)"],
      results.map((r) => [
        r.page,
        String(r.score),
        String(r.bestPractices),
        ms(r.lcpMs),
        ms(r.fcpMs),
        ms(r.tbtMs),
        r.topScripts,
      ]),
    );
    console.log("");
    printTable(
      ["page (median)", "perf", "LCP", "TBT", "best pr."],
      Object.keys(pages).map((page) => {
        const mine = results.filter((r) => r.page === page);
        const of = (pick: (r: RunResult) => number) => median(mine.map(pick));
        return [
          page,
          String(of((r) => r.score)),
          ms(of((r) => r.lcpMs)),
          ms(of((r) => r.tbtMs)),
          String(of((r) => r.bestPractices)),
        ];
      }),
    );
    console.log(`load average at the end ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    chromium?.kill();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
