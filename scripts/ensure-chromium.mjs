// Before the tests: find Debian's Chromium, installing it with apt-get when we are root and it is missing.
// CHROMIUM_PATH overrides the location. Anything else stops with one line saying what to do. Debian's jing (RELAX NG,
// for the Atom feed tests) is installed the same way when it is missing.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-dejavu-core"];

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

const hasJing = () => spawnSync("sh", ["-c", "command -v jing"], { stdio: "ignore" }).status === 0;
if (!hasJing()) {
  if (!hasAptGet || !isRoot) fail("jing was not found: install Debian's package (sudo apt-get install jing).");
  console.log("--- jing is missing: installing Debian's jing with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "jing"],
  ]) {
    const run = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (run.status !== 0) fail(`apt-get ${args[0]} failed (exit ${run.status}): install jing by hand.`);
  }
  if (!hasJing()) fail("apt-get installed jing but it is still not on PATH.");
}

const override = process.env.CHROMIUM_PATH?.trim();
if (override) {
  if (!executable(override))
    fail(`CHROMIUM_PATH=${override} is not an executable file: point it at a Chromium binary.`);
  process.exit(0);
}
if (executable(DEFAULT_PATH)) process.exit(0);
if (!hasAptGet || !isRoot) {
  fail(
    `Chromium was not found at ${DEFAULT_PATH}: install Debian's package (sudo apt-get install ${PACKAGES.join(" ")}) or set CHROMIUM_PATH to a Chromium binary.`,
  );
}

console.log(`--- Chromium is missing: installing Debian's ${PACKAGES.join(", ")} with apt-get`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [
  ["update", "-qq"],
  ["install", "-y", "-qq", ...PACKAGES],
]) {
  const run = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (run.status !== 0)
    fail(`apt-get ${args[0]} failed (exit ${run.status}): install ${PACKAGES.join(" ")} by hand or set CHROMIUM_PATH.`);
}
if (!executable(DEFAULT_PATH))
  fail(`apt-get installed chromium but ${DEFAULT_PATH} is still missing: set CHROMIUM_PATH.`);
console.log(`--- Chromium installed at ${DEFAULT_PATH}`);
