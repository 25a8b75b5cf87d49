// The order the unit stage runs its files in: the longest first, so the last minute is short files on every worker
// instead of one worker finishing a two-minute file alone (docs/decisions/0073-suite-budget-2.md).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds per file from one measured run (`node scripts/file-durations.mjs` writes it from a JSON report). Only the order
 * matters: the figures come from a loaded machine and are ratios, not a budget. A file missing from it (a new one)
 * goes by its size, after the measured files of its project.
 */
const MEASURED: Record<string, number> = JSON.parse(
  readFileSync(new URL("./file-durations.json", import.meta.url), "utf8"),
);

// NOTE: files of one project stay together. A worker of a non-isolated project is handed the next file only when the
// queue's head is of the same project; interleaving projects would start a new worker (and import the app again) per
// file. Isolated files get a worker each anyway, so they go first; the client's short files fill the end.
const PROJECT_ORDER = ["isolated", "shared", "client"];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    const weight = (spec: TestSpecification) => {
      const path = relative(config.root, spec.moduleId);
      // This clone's own last run, when there was one; else the committed measurement.
      const cached = cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      if (cached !== undefined) return cached;
      const measured = MEASURED[path];
      return measured === undefined ? -1 : measured * 1000;
    };
    const size = (spec: TestSpecification) =>
      cache.getFileStats(`${spec.project.name}:${relative(config.root, spec.moduleId)}`)?.size ?? 0;
    return [...files].sort((a, b) => rank(a) - rank(b) || weight(b) - weight(a) || size(b) - size(a));
  }
}
