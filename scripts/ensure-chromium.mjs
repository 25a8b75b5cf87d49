// Before the tests: find Debian's Chromium, installing it with apt-get when we are root and it is missing.
// CHROMIUM_PATH overrides the location. Anything else stops with one line saying what to do. Debian's jing (RELAX NG,
// for the Atom feed tests), nginx (the two-instance test, src/server/deploy/nginx.test.ts) and epubcheck (the EPUB
// export tests, src/server/stories/export-epub.test.ts) and pgbouncer (src/server/deploy/pgbouncer.test.ts) are
// installed the same way when they are missing.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";
// NOTE: the journeys run Chromium's headless shell (playwright.config.ts), the lighter build Playwright itself uses for
// headless runs; the full browser stays for the rest (Lighthouse, screenshots).
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
const PACKAGES = ["chromium", "chromium-headless-shell", "fonts-dejavu-core"];

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const fail = (line) => {
  console.error(line);
  process.exit(1);
};

const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

const onPath = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
// [command, Debian package, what needs it]
const TOOLS = [
  ["jing", "jing", "the Atom feed tests"],
  ["nginx", "nginx", "the two-instance test"],
  ["epubcheck", "epubcheck", "the EPUB export tests"],
  ["pgbouncer", "pgbouncer", "the PgBouncer test"],
];
const override = process.env.CHROMIUM_PATH?.trim();
if (override && !executable(override))
  fail(`CHROMIUM_PATH=${override} is not an executable file: point it at a Chromium binary.`);
const needsChromium = !override && !(executable(DEFAULT_PATH) && executable(HEADLESS_SHELL_PATH));
const missingTools = TOOLS.filter(([command]) => !onPath(command));
if (!needsChromium && missingTools.length === 0) process.exit(0);

if (!hasAptGet || !isRoot) {
  for (const [command, pkg, why] of missingTools)
    console.error(`${command} was not found (${why}): install Debian's package (sudo apt-get install ${pkg}).`);
  if (needsChromium)
    console.error(
      `Chromium was not found at ${DEFAULT_PATH}: install Debian's package (sudo apt-get install ${PACKAGES.join(" ")}) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  process.exit(1);
}

// One `apt-get update` and one install for everything missing (each apt-get run costs seconds on a fresh machine).
const packages = [...missingTools.map(([, pkg]) => pkg), ...(needsChromium ? PACKAGES : [])];
for (const [command, pkg] of missingTools) console.log(`--- ${command} is missing: installing Debian's ${pkg}`);
if (needsChromium)
  console.log(`--- Chromium or its headless shell is missing: installing Debian's ${PACKAGES.join(", ")}`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [
  ["update", "-qq"],
  ["install", "-y", "-qq", ...packages],
]) {
  const run = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (run.status !== 0) fail(`apt-get ${args[0]} failed (exit ${run.status}): install ${packages.join(" ")} by hand.`);
}
for (const [command, pkg] of missingTools)
  if (!onPath(command)) fail(`apt-get installed ${pkg} but ${command} is still not on PATH.`);
if (needsChromium) {
  for (const path of [DEFAULT_PATH, HEADLESS_SHELL_PATH])
    if (!executable(path)) fail(`apt-get installed Chromium but ${path} is still missing: set CHROMIUM_PATH.`);
  console.log(`--- Chromium installed at ${DEFAULT_PATH}`);
}
