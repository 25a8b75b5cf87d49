// After the client build and prerender (which rewrites index.html): bundles src/client/sw/service-worker.ts and lets
// Workbox write the list of files to precache into it, with a revision per file, as dist/client/sw.js. The landing
// pages and the compressed copies are left out (the server sends / itself; .br and .gz are how files travel).
import { rmSync } from "node:fs";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const bundled = "dist/sw-build/service-worker.js";
await build({
  entryPoints: ["src/client/sw/service-worker.ts"],
  outfile: bundled,
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2022",
  minify: true,
  // Workbox logs only in development builds.
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: "dist/client/sw.js",
  globDirectory: "dist/client",
  globPatterns: ["index.html", "assets/**/*.{js,css,woff2,woff,svg,png,webp}", "*.{svg,webmanifest}", "icons/*.png"],
  globIgnores: ["landing*.html", "**/*.br", "**/*.gz", "sw.js"],
  // Hashed asset names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
rmSync("dist/sw-build", { recursive: true, force: true });
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KB`);
