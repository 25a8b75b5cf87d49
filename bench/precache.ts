// What installing the service worker downloads (issue 31): the files Workbox precaches (from the built
// dist/client/sw.js), their size as built and as the server sends them (brotli copies, scripts/compress-assets.mjs),
// grouped by kind, and the service worker's own size. Reads the build; starts nothing.
//   npm run build && npx tsx bench/precache.ts
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { formatInt, printTable } from "./lib/table";

const CLIENT = "dist/client";
const worker = readFileSync(join(CLIENT, "sw.js"), "utf8");
const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
if (urls.length === 0) throw new Error("dist/client/sw.js lists no precached files: run npm run build first");

const sizeOf = (path: string) => statSync(path).size;
const sentSize = (path: string) => (existsSync(`${path}.br`) ? sizeOf(`${path}.br`) : sizeOf(path));

const groups = new Map<string, { files: number; raw: number; sent: number }>();
for (const url of urls) {
  const path = join(CLIENT, url);
  const kind = extname(url) || "(none)";
  const group = groups.get(kind) ?? { files: 0, raw: 0, sent: 0 };
  group.files += 1;
  group.raw += sizeOf(path);
  group.sent += sentSize(path);
  groups.set(kind, group);
}
const rows = [...groups.entries()].sort((a, b) => b[1].raw - a[1].raw);
const total = rows.reduce(
  (sum, [, g]) => ({ files: sum.files + g.files, raw: sum.raw + g.raw, sent: sum.sent + g.sent }),
  {
    files: 0,
    raw: 0,
    sent: 0,
  },
);
const kb = (bytes: number) => `${formatInt(bytes / 1024)} KB`;
printTable(
  ["kind", "files", "built", "sent (brotli)"],
  [...rows, ["total", total] as const].map(([kind, g]) => [kind, String(g.files), kb(g.raw), kb(g.sent)]),
);
console.log(`\nsw.js: ${kb(sizeOf(join(CLIENT, "sw.js")))} built, ${kb(sentSize(join(CLIENT, "sw.js")))} sent`);
