#!/usr/bin/env node
// Prints the server's folder pairs that import each other and every import from
// infrastructure (db/, http/) into a domain folder: the two measures of a domain
// layout that stands the right way (docs/decisions/0055-domain-layout.md).
// Usage: node scripts/domain-pairs.mjs [--json]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(process.argv.includes("--root") ? process.argv[process.argv.indexOf("--root") + 1] : "src/server");
const infrastructure = new Set(["db", "http"]);
// Test files and test support may reach anywhere; only what runs in production counts.
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split("/").includes("test");

function walk(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...walk(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

/** The top folder under src/server a file lives in, or "(root)" for app.ts, main.ts and their peers. */
const folderOf = (file) => {
  const parts = relative(root, file).split("/");
  return parts.length > 1 ? parts[0] : "(root)";
};

const importPattern = /(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const target = resolve(dirname(from), spec.replace(/\.js$/, ".ts"));
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

const edges = new Map(); // "a\tb" -> [file -> target]
for (const file of walk(root)) {
  if (isTest(relative(root, file))) continue;
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(importPattern)) {
    const spec = match[1] ?? match[2];
    const target = resolveImport(file, spec);
    if (!target?.startsWith(`${root}/`)) continue;
    const a = folderOf(file);
    const b = folderOf(target);
    if (a === b) continue;
    const key = `${a}\t${b}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${relative(root, file)} -> ${relative(root, target)}`);
  }
}

const pairs = [];
for (const key of edges.keys()) {
  const [a, b] = key.split("\t");
  // The root files (app.ts wires every domain; errors.ts, types.ts, env.ts are the kernel) are no domain.
  if (a === "(root)" || b === "(root)") continue;
  if (a < b && edges.has(`${b}\t${a}`)) pairs.push([a, b]);
}
pairs.sort();
const upward = [...edges.entries()]
  .filter(([key]) => {
    const [a, b] = key.split("\t");
    return infrastructure.has(a) && !infrastructure.has(b) && b !== "(root)";
  })
  .flatMap(([, list]) => list);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ pairs, upward }, null, 2));
} else {
  console.log(`${pairs.length} folder pairs import each other`);
  for (const [a, b] of pairs) {
    console.log(`  ${a} <-> ${b}`);
    for (const line of edges.get(`${a}\t${b}`)) console.log(`      ${line}`);
    for (const line of edges.get(`${b}\t${a}`)) console.log(`      ${line}`);
  }
  console.log(`${upward.length} imports from db/ or http/ into a domain`);
  for (const line of upward) console.log(`  ${line}`);
}
