// The background jobs main.ts starts. To add one: a line here, and a test that its run does the work.
import { pruneExpiredSessions } from "./accounts/sessions";
import { pruneTrustedDevices } from "./accounts/trusted-devices";
import { removeUnusedImages } from "./images/remove-unused-images";
import { recomputeFeaturedScores } from "./reading/featured-score";
import { countUncountedStories } from "./stories/count-story-words";
import { rateUnratedStories } from "./stories/rate-stories";
import { resanitizeStories } from "./stories/resanitize-stories";
import type { MaintenanceJob } from "./maintenance";
import type { AppDeps } from "./types";

const HOUR_MS = 60 * 60 * 1000;

export function maintenanceJobs(deps: Pick<AppDeps, "database" | "now">): MaintenanceJob[] {
  const { db } = deps.database;
  return [
    { name: "prune-expired-sessions", everyMs: HOUR_MS, run: () => pruneExpiredSessions(db, deps.now()) },
    { name: "prune-trusted-devices", everyMs: 24 * HOUR_MS, run: () => pruneTrustedDevices(db, deps.now()) },
    // Covers uploaded and then not used (a wizard abandoned, a cover replaced) go a day after their upload.
    { name: "remove-unused-images", everyMs: HOUR_MS, run: () => removeUnusedImages(db, deps.now()) },
    // After an allowlist change, stories stored under the old one are cleaned again once (soon after start);
    // later runs find nothing to do with one indexed query.
    { name: "resanitize-stories", everyMs: HOUR_MS, run: () => resanitizeStories(db) },
    // Stories stored before word counting existed get their counts (aiShare) once; later runs find none.
    { name: "count-story-words", everyMs: HOUR_MS, run: () => countUncountedStories(db) },
    // Stories stored before rating and search text were derived on write get them once; later runs find none.
    { name: "rate-stories", everyMs: HOUR_MS, run: () => rateUnratedStories(db) },
    // Featured decays: scores are recomputed from the last weeks' likes and bookmarks.
    { name: "featured-scores", everyMs: HOUR_MS, run: () => recomputeFeaturedScores(db, deps.now()) },
  ];
}
