// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the
// migrations beside it, so `npm start` runs plain JavaScript instead of transpiling at every start. The import worker
// is its own entry, dist/server/convert-worker.js, beside main.js where src/server/imports/convert-files.ts looks; the
// operator's CLIs are entries of their own as well.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/server/main.ts",
    "convert-worker": "src/server/imports/convert-worker.ts",
    // The gift exchange matching worker (src/server/collections/matching-run.ts).
    "matching-worker": "src/server/collections/matching-worker.ts",
    // The operator's commands, so they start as plain JavaScript too (and the tests of them run the build: test/built.ts).
    "admin-cli": "src/server/admin/admin-cli.ts",
    "backup-cli": "src/server/admin/backup-cli.ts",
    "migrate-to-postgres-cli": "src/server/db/migrate-to-postgres-cli.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
