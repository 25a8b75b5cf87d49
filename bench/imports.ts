// The built server's memory while it imports crafted worst cases and the largest legitimate file of each format:
// for each import, RSS before, the peak while it ran (sampled every 10 ms from /proc) and the rise. The budget: no
// import, however crafted, raises RSS by more than 200 MB.
//   npm run bench:imports [-- --root DIR]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { epubStream } from "../src/server/epub/epub";
import { threeChapterDocx } from "../src/server/test/docx";
import { docxWithPart, epubOf, multipart, type Part, repeated, xhtml } from "../src/server/imports/test-uploads";
import { formatInt, printTable } from "./lib/table";
import { waitForHealthz } from "./lib/wait-healthy";
import { longStoryHtml } from "./lib/long-story";

const { values } = parseArgs({
  options: { root: { type: "string", default: fileURLToPath(new URL("..", import.meta.url)) } },
});
const BUDGET_MB = 200;
const MB = 1024 * 1024;
const PORT = 3900 + (process.pid % 90);
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssKb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);

async function startServer(dataDir: string): Promise<ChildProcess> {
  // NOTE: the server runs as `npm start` runs it (its environment and node flags), minus npm and the build check.
  const start = JSON.parse(readFileSync(join(values.root, "package.json"), "utf8")).scripts.start as string;
  const child = spawn("/bin/sh", ["-c", `exec env ${start.replace(/\bnode\b/, `"${process.execPath}"`)}`], {
    cwd: values.root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", APP_URL: BASE, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealthz(BASE, child);
  return child;
}

async function api(path: string, body?: unknown): Promise<Response> {
  return fetch(BASE + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { origin: BASE, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A verified writer's cookie: signs up, follows the dev outbox's link, signs in. */
async function signUp(tag: string): Promise<string> {
  const email = `imports_${tag}_${process.pid}@bench.ficforge.local`;
  const password = "Bench-pass1!";
  await api("/api/register", { username: `imp${tag}${process.pid % 10000}`, email, password });
  const outbox = (await (await api("/api/dev/outbox")).json()) as { to: string; text: string }[];
  const link = outbox.find((m) => m.to === email)?.text.match(/https?:\/\/\S+verify-email\S*/)?.[0];
  if (!link) throw new Error("no verification link in the dev outbox");
  await api(new URL(link).pathname + new URL(link).search);
  const login = await api("/api/login", { email, password });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The largest legitimate story of each format, from one ~1.8 MB story in the editor's HTML. */
async function legalFiles(): Promise<Part[]> {
  const html = longStoryHtml(1.8 * MB);
  const chapters = html.split(/(?=<h2>)/).map((chapter) => ({
    title: /<h2>(.*?)<\/h2>/.exec(chapter)?.[1] ?? "Chapter",
    paragraphs: [...chapter.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "")),
  }));
  const text = chapters.map((c) => [c.title, ...c.paragraphs].join("\n\n")).join("\n\n");
  const markdown = chapters.map((c) => [`## ${c.title}`, ...c.paragraphs].join("\n\n")).join("\n\n");
  const docx = await Packer.toBuffer(
    new Document({
      sections: [
        {
          children: chapters.flatMap((c) => [
            new Paragraph({ text: c.title, heading: HeadingLevel.HEADING_1 }),
            ...c.paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })),
          ]),
        },
      ],
    }),
  );
  const epubParts: Buffer[] = [];
  const book = epubStream({
    identifier: "urn:bench:imports",
    title: "Bench Book",
    author: "bench",
    language: "en",
    modified: new Date("2026-01-01T00:00:00Z"),
    chapterCount: chapters.length,
    chapters: html.split(/(?=<h2>)/).map((chapter, i) => ({ title: chapters[i]!.title, html: chapter })),
    subjects: [],
    provenance: null,
  });
  for await (const part of book) epubParts.push(part as Buffer);
  return [
    { name: "legal.txt", bytes: Buffer.from(text) },
    { name: "legal.md", bytes: Buffer.from(markdown) },
    { name: "legal.html", bytes: Buffer.from(`<html><body>${html}</body></html>`) },
    { name: "legal.docx", bytes: docx },
    { name: "legal.epub", bytes: Buffer.concat(epubParts) },
  ];
}

async function craftedCases(): Promise<{ label: string; parts: Part[] }[]> {
  const styles = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">',
    ),
    repeated("<w:style/>", 480 * MB),
    Buffer.from("</w:styles>"),
  ]);
  const docxBomb = await docxWithPart(await threeChapterDocx(), "word/styles.xml", styles);
  const padded = (words: string) =>
    Buffer.concat([Buffer.from(`<p>${words}</p><!--`), repeated(" ", 6 * MB), Buffer.from("-->")]);
  return [
    {
      label: "EPUB, one chapter of 55 MB <p>a</p>",
      parts: [{ name: "flood.epub", bytes: await epubOf([xhtml(repeated("<p>a</p>", 55 * MB))]) }],
    },
    {
      label: "3 x .docx, 480 MB styles.xml each",
      parts: [1, 2, 3].map((n) => ({ name: `styled${n}.docx`, bytes: docxBomb })),
    },
    {
      label: "HTML, 7 MB of <p>a</p> (under the caps)",
      parts: [{ name: "tiny.html", bytes: repeated("<p>a</p>", 7 * MB) }],
    },
    {
      label: "3 x HTML, 6 MB each (request total)",
      parts: ["a", "b", "c"].map((n) => ({ name: `${n}.html`, bytes: padded(n) })),
    },
  ];
}

async function importOnce(pid: number, cookie: string, parts: Part[]) {
  const body = multipart(parts);
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 10);
  const started = performance.now();
  const response = await fetch(`${BASE}/api/imports`, {
    method: "POST",
    headers: { ...body.headers, origin: BASE, cookie },
    body: body.payload,
  });
  const answer = (await response.json()) as { message?: string };
  const ms = performance.now() - started;
  await sleep(300);
  clearInterval(sampler);
  const alive = await fetch(`${BASE}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  return { status: response.status, message: answer.message ?? "", before, peak, after: rssKb(pid), ms, alive };
}

async function main(): Promise<void> {
  console.log(`load average ${loadavg()[0]?.toFixed(2)}, build in ${values.root}`);
  const cases = [
    ...(await craftedCases()),
    ...(await legalFiles()).map((part) => ({
      label: `legal ${part.name} (${(part.bytes.length / MB).toFixed(1)} MB)`,
      parts: [part],
    })),
  ];
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-imports-"));
  const child = await startServer(dataDir);
  const rows: string[][] = [];
  let worst = 0;
  try {
    // Ten imports an hour per writer: a writer for each five.
    const cookies = [await signUp("a"), await signUp("b")];
    await importOnce(child.pid!, cookies[0]!, [{ name: "warm.txt", bytes: Buffer.from("Warm up.") }]);
    await sleep(2000);
    for (const [i, { label, parts }] of cases.entries()) {
      const result = await importOnce(child.pid!, cookies[Math.floor(i / 5) % 2]!, parts);
      const rise = (result.peak - result.before) / 1024;
      worst = Math.max(worst, rise);
      rows.push([
        label,
        `${result.status} ${result.message.slice(0, 38)}`,
        `${formatInt(result.before / 1024)} MB`,
        `${formatInt(result.peak / 1024)} MB`,
        `${formatInt(rise)} MB${rise > BUDGET_MB ? " OVER" : ""}`,
        `${formatInt(result.after / 1024)} MB`,
        `${formatInt(result.ms)} ms`,
        result.alive ? "yes" : "NO",
      ]);
      await sleep(1000);
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(["import", "answer", "RSS before", "peak", "rise", "after", "time", "serving"], rows);
  console.log(`worst rise ${formatInt(worst)} MB; budget ${BUDGET_MB} MB: ${worst <= BUDGET_MB ? "within" : "OVER"}`);
  console.log(`load average now ${loadavg()[0]?.toFixed(2)}`);
  if (worst > BUDGET_MB) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
