// Every installed package runs on the Node.js this project supports: npm only warns about a package whose
// `engines` leaves out the running Node (content-disposition 3, cookie 2 and nanoid 6 asked for Node 22 while the
// project, its README and these machines are on Node 20), so the lock is checked here instead.
import { readFileSync } from "node:fs";
import semver from "semver";
import { expect, it } from "vitest";

type Lock = {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};
const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as Lock;
const own = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
};

it("installs no package whose engines leave out the oldest Node.js the project supports, nor the running one", () => {
  const oldest = semver.minVersion(own.engines.node)!.version;
  const refused = Object.entries(lock.packages)
    .filter(([path]) => path !== "")
    .flatMap(([path, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!range) return [];
      const misses = [oldest, process.versions.node].filter((node) => !semver.satisfies(node, range));
      return misses.length > 0 ? [`${path}@${entry.version} wants node ${range}`] : [];
    });
  expect(refused).toEqual([]);
});
