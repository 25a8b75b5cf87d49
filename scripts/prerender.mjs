// After `vite build`: renders the landing page to HTML (a Vite SSR build of src/client/prerender.tsx) into two
// copies of the built index.html, landing.html and landing-signed-in.html, which the server sends for / only.
// Other pages keep the empty shell, which gets links to the chunks main.tsx and start.tsx load lazily and to the app's stylesheet.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const clientDir = resolve("dist/client");
const ssrDir = resolve("dist/prerender");
const manifestPath = join(clientDir, ".vite", "manifest.json");
const ROOT = '<div id="root"></div>';

await build({
  configFile: resolve("vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: resolve("src/client/prerender.tsx"),
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
  },
});
const { renderLanding } = await import(pathToFileURL(join(ssrDir, "prerender.js")).href);

const shell = readFileSync(join(clientDir, "index.html"), "utf8");
if (!shell.includes(ROOT)) throw new Error(`dist/client/index.html has no ${ROOT}`);

/**
 * The entry's stylesheet (landing.css: the landing page's classes only) goes inline in the landing page, one round
 * trip less before the first paint; the CSP allows inline styles.
 */
function inlineStylesheet(html) {
  const [link, file] = stylesheetLink(html);
  return html.replace(link, () => `<style>${readFileSync(join(clientDir, file), "utf8")}</style>`);
}

function stylesheetLink(html) {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(html);
  if (!link) throw new Error("dist/client/index.html links no stylesheet");
  return link;
}

const landingShell = inlineStylesheet(shell);
for (const [file, signedIn] of [
  ["landing.html", false],
  ["landing-signed-in.html", true],
]) {
  writeFileSync(
    join(clientDir, file),
    landingShell.replace(ROOT, () => `<div id="root">${renderLanding(signedIn)}</div>`),
  );
}

/** start.tsx's and app.tsx's chunks, the chunks they import statically and their stylesheets, minus the entry. */
function appFiles(manifest) {
  const entry = manifest["index.html"];
  const start = Object.values(manifest).find((chunk) => chunk.src === "start.tsx");
  const app = Object.values(manifest).find((chunk) => chunk.src === "app.tsx");
  if (!entry || !start || !app) throw new Error("the Vite manifest lacks index.html, start.tsx or app.tsx");
  const loaded = new Set([entry.file, ...(entry.imports ?? []).map((key) => manifest[key].file)]);
  const scripts = new Set();
  const styles = new Set();
  const visit = (chunk) => {
    if (loaded.has(chunk.file) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  visit(start);
  visit(app);
  return { scripts: [...scripts], styles: [...styles] };
}

// Every page but / needs the app at once: fetch its chunks with the entry, not after it, and its stylesheet
// (a superset of landing.css) instead of the entry's.
const { scripts, styles } = appFiles(JSON.parse(readFileSync(manifestPath, "utf8")));
const stylesheets = styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("\n    ");
const preloads = scripts.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join("");
const appShell = shell
  .replace(stylesheetLink(shell)[0], () => stylesheets)
  .replace("  </head>", () => `${preloads}  </head>`);
writeFileSync(join(clientDir, "index.html"), appShell);

rmSync(join(clientDir, ".vite"), { recursive: true, force: true });
rmSync(ssrDir, { recursive: true, force: true });
