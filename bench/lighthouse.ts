// Lighthouse on the built app's pages, mobile defaults (simulated throttling), in Debian's Chromium.
//   npx tsx bench/lighthouse.ts [path ...] [--runs 3] [--chrome /usr/bin/chromium] [--json file] [--reports dir]
//     [--cookie 'ff_reader=serif.5.medium.2.sepia.0'] (issue 31: the pages as a reader with those settings gets them)
// The path `@story` stands for a seeded published story's public page (/s/{id}-{slug}), `@chapter` for its second
// chapter's page (/s/{id}-{slug}/2), `@author` for its author's page (/u/{name}), `@tag` for the page of a tag its
// stories carry (/t/Adventure), `@collection` for a collection of its author's works (/c/winter_tales_fest); by
// default: /, @story, @chapter, @author, @tag and @collection.
// Run `npm run build` first: the app serves dist/client as in production. See bench/README.md.
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { startChromium } from "./lib/chromium";
import { type ServerProcess, startServerProcess } from "./lib/ipc";
import { PUBLIC_COLLECTION_PATH, PUBLIC_TAG_PATH } from "./lib/public-story";
import { printTable } from "./lib/table";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "3" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
    json: { type: "string" },
    reports: { type: "string" },
    cookie: { type: "string" },
  },
});

const PUBLIC_STORY = "@story";
const PUBLIC_AUTHOR = "@author";
const PUBLIC_CHAPTER = "@chapter";
const PUBLIC_TAG = "@tag";
const PUBLIC_COLLECTION = "@collection";
const SEEDED = [PUBLIC_STORY, PUBLIC_AUTHOR, PUBLIC_CHAPTER, PUBLIC_TAG, PUBLIC_COLLECTION];

interface RunResult {
  path: string;
  run: number;
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire for scripts, as Lighthouse counted them. */
  jsTransferred: number;
  /** Scripts requested before the page was interactive: its initial JS, on the wire and gzipped (budget 150 KB). */
  initialJsTransferred: number;
  initialJsGzip: number;
  totalTransferred: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
}

/** The budget counts gzip whatever the server sent, so the number stays comparable before and after brotli. */
async function gzippedSize(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return total;
}

async function audit(url: string, port: number, path: string, run: number): Promise<RunResult> {
  // NOTE: no config: Lighthouse's defaults are the mobile form factor with simulated throttling.
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    ...(values.cookie ? { extraHeaders: { Cookie: values.cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (values.reports) {
    mkdirSync(values.reports, { recursive: true });
    writeFileSync(join(values.reports, `${path.replace(/\W+/g, "_") || "_"}-${run}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const loadEnd = numeric("interactive");
  const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] })?.items ?? []).filter(
    (r) => r.resourceType === "Script",
  );
  const sum = (items: NetworkItem[]) => items.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  const initial = requests.filter((r) => (r.networkRequestTime ?? 0) <= loadEnd);
  const summary = (
    lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return {
    path,
    run,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsTransferred: sum(requests),
    initialJsTransferred: sum(initial),
    initialJsGzip: await gzippedSize(initial.map((r) => r.url)),
    totalTransferred: summary?.find((s) => s.resourceType === "total")?.transferSize ?? Number.NaN,
  };
}

/** Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP); such a run is repeated, not counted. */
async function auditWithRetry(url: string, port: number, path: string, run: number): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, path, run);
    } catch (error) {
      const lostTrace = error instanceof Error && /NO_NAVSTART|NO_FCP|NO_LCP/.test(error.message);
      if (!lostTrace || attempt === 3) throw error;
      console.log(`run ${run}: ${(error as Error).message.split(" ")[1]}, repeating it`);
    }
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const paths = positionals.length > 0 ? positionals : ["/", ...SEEDED];
  const runs = Math.max(1, Number(values.runs) || 3);
  console.log(
    `Lighthouse ${runs} run(s) per page, mobile defaults, load average ${loadavg()[0]?.toFixed(2)}${values.cookie ? `, Cookie: ${values.cookie}` : ""}`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-lighthouse-"));
  const profileDir = mkdtempSync(join(tmpdir(), "ficforge-chromium-"));
  let app: ServerProcess<AppServerReady> | undefined;
  let chromium: ChildProcess | undefined;
  try {
    app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
      dataDir,
      stories: 0,
      seed: 1,
      publicStory: paths.some((path) => SEEDED.includes(path) || path === "@gifts"),
    } satisfies AppServerOptions);
    const started = await startChromium(values.chrome, profileDir);
    chromium = started.process;
    const results: RunResult[] = [];
    for (const given of paths) {
      const seeded: Record<string, string> = {
        [PUBLIC_STORY]: app.ready.publicPath!,
        [PUBLIC_CHAPTER]: `${app.ready.publicPath}/2`,
        [PUBLIC_AUTHOR]: app.ready.publicAuthorPath!,
        [PUBLIC_TAG]: PUBLIC_TAG_PATH,
        [PUBLIC_COLLECTION]: PUBLIC_COLLECTION_PATH,
        // Issue 30: the author's Gifts tab (not in the default list).
        "@gifts": `${app.ready.publicAuthorPath}/gifts`,
      };
      const path = seeded[given] ?? given;
      // A served page is warm: its first request (the server's JIT, the first query) is not what a visitor meets.
      await fetch(`http://127.0.0.1:${app.ready.port}${path}`).then((r) => r.arrayBuffer());
      for (let run = 1; run <= runs; run++) {
        results.push(await auditWithRetry(`http://127.0.0.1:${app.ready.port}${path}`, started.port, path, run));
      }
    }
    printTable(
      [
        "page",
        "run",
        "perf",
        "a11y",
        "best pr.",
        "SEO",
        "LCP",
        "FCP",
        "TBT",
        "CLS",
        "JS (wire)",
        "initial JS (wire)",
        "initial JS gz",
        "all (wire)",
      ],
      results.map((r) => [
        r.path,
        String(r.run),
        String(r.score),
        String(r.accessibility),
        String(r.bestPractices),
        String(r.seo),
        ms(r.lcpMs),
        ms(r.fcpMs),
        ms(r.tbtMs),
        r.cls.toFixed(3),
        kb(r.jsTransferred),
        kb(r.initialJsTransferred),
        kb(r.initialJsGzip),
        kb(r.totalTransferred),
      ]),
    );
    if (values.json)
      writeFileSync(values.json, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
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
