// End-to-end journeys in Debian's Chromium against the built app on a free port with a fresh data directory.
import { accessSync, constants, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import pg from "pg";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

// NOTE: workers re-read this file; the port and data directory are fixed once in the main process via env.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "ficforge-e2e-"));

/**
 * With TEST_DATABASE_URL set (CI), the journeys' server runs on a fresh PostgreSQL database next to it, named after
 * it with `_e2e`: the embedded PGlite does every query on the server's one thread, which made it the suite's
 * bottleneck (issue 17: the same journeys took about a third longer). Without it, PGlite as `npm start` runs it.
 * PGlite stays covered by every integration test and by the start-up tests of the built server.
 */
async function freshE2eDatabase(testUrl: string): Promise<string> {
  const url = new URL(testUrl);
  const name = `${url.pathname.slice(1)}_e2e`;
  const client = new pg.Client({ connectionString: testUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
if (process.env.TEST_DATABASE_URL && process.env.E2E_DATABASE_URL === undefined) {
  process.env.E2E_DATABASE_URL = await freshE2eDatabase(process.env.TEST_DATABASE_URL);
}
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, which scripts/ensure-chromium.mjs installs): the build
 * Playwright runs for headless journeys by default. The full browser in headless mode did the same journeys with
 * more CPU on a machine the stage keeps saturated (docs/decisions/0111-session-49.md). CHROMIUM_PATH overrides it.
 */
function journeyBrowser(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  try {
    accessSync(shell, constants.X_OK);
    return shell;
  } catch {
    return "/usr/bin/chromium";
  }
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // The workers share the one server: every journey makes its own accounts (e2e/support/accounts.ts),
  // so none depends on another. Files are spread over the workers; a file's journeys run in order.
  fullyParallel: false,
  // NOTE: two workers a core and one more: a journey spends much of its time waiting on the page (network idle, the
  // server, polls), so a third worker on this 2-core machine took the stage from 7.9 to 6.5 minutes, and a fifth (issue
  // 33, 149 journeys) from 15.2 to 11.6 minutes, all passing (load average ~20 meanwhile). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || availableParallelism() * 2 + 1,
  // NOTE: on CI, one retry and a doubled time limit. The CI machine has run the whole stage three times slower than a
  // developer's (993 s against 330 s); there the longest journeys (wizard → delete, 35 s here) ran past 60 s, and a
  // journey that fails once and passes on its retry is still printed as flaky in the list, to be fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    screenshot: "only-on-failure",
    // The app's reduced-motion rules (theme.css) drop animations and transitions: a journey no longer waits for each
    // dialog, menu and toast to finish moving before Playwright calls it stable.
    reducedMotion: "reduce",
    // NOTE: the app registers a service worker that precaches every built asset (issue 31). Each journey's fresh
    // context would download all of it for nothing, so only e2e/offline.spec.ts allows it (in its own contexts);
    // E2E_SERVICE_WORKERS=allow runs any journey with it, to check that it disturbs none.
    serviceWorkers: process.env.E2E_SERVICE_WORKERS === "allow" ? "allow" : "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? journeyBrowser(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  globalTeardown: "./e2e/support/global-teardown.ts",
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The built server, as `npm start` runs it (npm test builds first).
    command: "node --enable-source-maps dist/server/main.js",
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // The journeys' API sign-ups name their own client address (e2e/support/accounts.ts ownAddress).
      TRUST_PROXY: "127.0.0.1",
      // The journeys' browsers all read from 127.0.0.1; the per-address read limit is tested in crawler-shield/.
      PUBLIC_READS_PER_MINUTE: "100000",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
