// The data directory holds the database (emails, password hashes, the WAL): only this process's user may read it.
// Directories are 0700 and files 0600, whatever the embedded database asks for.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join, resolve, sep } from "node:path";

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const OTHERS = 0o077;

const roots = new Set<string>();

const inside = (path: unknown): boolean => {
  if (typeof path !== "string" && !(path instanceof URL) && !Buffer.isBuffer(path)) return false;
  const absolute = resolve(path instanceof URL ? path.pathname : path.toString());
  for (const root of roots) if (absolute === root || absolute.startsWith(root + sep)) return true;
  return false;
};

/** A mode argument (a number, or an options object or encoding string for mkdir and writeFile) made private. */
function privateMode(argument: unknown, fallback: number | undefined): unknown {
  if (typeof argument === "number") return argument & ~OTHERS;
  if (fallback === undefined) return argument;
  if (argument === undefined || argument === null) return fallback;
  if (typeof argument === "string") return { encoding: argument, mode: fallback };
  if (typeof argument === "object") {
    const mode = (argument as { mode?: unknown }).mode;
    return { ...argument, mode: typeof mode === "number" ? mode & ~OTHERS : fallback };
  }
  return argument;
}

/**
 * NOTE: PGlite's Emscripten file system creates every file with mode 0666 and then calls fs.chmodSync(path, 0o666)
 * itself (970 calls for a new database), so neither a umask nor a start-up chmod holds. Its calls go through Node's
 * fs module, so the few functions that set a mode are wrapped once to take group and other bits off for
 * paths inside a registered data directory; every other path is untouched.
 */
function wrapModeSetters(): void {
  const f = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  // `fallback`: the mode a create call without one gets (Node's default would be 0666 or 0777 less the umask).
  const wrap = (name: string, modeAt: number, fallback?: number) => {
    const original = f[name];
    if (!original) return;
    f[name] = function (this: unknown, ...args: unknown[]) {
      if (inside(args[0])) args[modeAt] = privateMode(args[modeAt], fallback);
      return original.apply(this, args);
    };
  };
  wrap("chmodSync", 1);
  wrap("lchmodSync", 1);
  wrap("openSync", 2, FILE_MODE);
  wrap("mkdirSync", 1, DIR_MODE);
  wrap("writeFileSync", 2, FILE_MODE);
  // Named imports (`import { openSync } from "node:fs"`, as PGlite's own directory set-up uses) see the wrappers too.
  syncBuiltinESMExports();
}

function readdirIfThere(path: string): string[] {
  try {
    return fs.readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Every entry under `dir` (the directory included) whose mode lets group or others in. */
export function exposedEntries(dir: string): string[] {
  const exposed: string[] = [];
  const visit = (path: string) => {
    // NOTE: an entry may vanish between its directory's listing and its lstat (a database file removed as it runs).
    const stat = fs.lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.mode & OTHERS) exposed.push(path);
    if (stat.isDirectory()) for (const name of readdirIfThere(path)) visit(join(path, name));
  };
  visit(dir);
  return exposed;
}

export class DataDirExposedError extends Error {}

/**
 * Makes `dir` private before the database opens it: created 0700, anything an older version left readable by
 * others set to 0700/0600, and what the database creates from now on kept so. Refuses to go on when an entry
 * cannot be made private (e.g. owned by another user), naming it.
 */
export function keepDataDirPrivate(dir: string): void {
  const root = resolve(dir);
  fs.mkdirSync(root, { recursive: true, mode: DIR_MODE });
  if (roots.size === 0) wrapModeSetters();
  roots.add(root);
  for (const path of exposedEntries(root)) {
    try {
      fs.chmodSync(path, fs.statSync(path).isDirectory() ? DIR_MODE : FILE_MODE);
    } catch {
      // Reported below with the others that stay exposed.
    }
  }
  const left = exposedEntries(root);
  if (left.length > 0) {
    throw new DataDirExposedError(
      `The data directory ${root} has ${left.length} entries others can read that could not be made private (first: ${left[0]}). Give them to this user (chown) or choose another DATA_DIR.`,
    );
  }
}
