// The owner's view carries a draft's private fields (setting, plot ideas, characters, version): only the author's
// own story endpoints may present it. Public reads (reader, Discover, the public page) use server/reading/.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = join(import.meta.dirname, "..");
// The author's endpoints, the 409 answer of a stale save (its body is the author's current story), and the answer of
// a restored version (the author's story as restored; versions/routes.ts checks ownership first).
const OWNER_SIDE = ["stories/routes.ts", "stories/update-story.ts", "stories/present.ts", "versions/routes.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the owner presenter", () => {
  it("is used only by the author's own story endpoints", () => {
    const users = sourceFiles(SERVER)
      .filter((file) => /\bpresentOwnStory\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SERVER, file).split("\\").join("/"))
      .sort();
    expect(users).toEqual([...OWNER_SIDE].sort());
  });
});
