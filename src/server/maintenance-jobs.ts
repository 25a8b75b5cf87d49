// The background jobs main.ts starts. To add one: a line here, and a test that its run does the work.
import { pruneExpiredSessions } from "./accounts/sessions";
import { pruneTrustedDevices } from "./accounts/trusted-devices";
import { pruneUsernameHolds } from "./accounts/username-holds";
import { expireSubscriptions } from "./billing/expire-subscriptions";
import { invalidateAuthorPremiumViews } from "./reading/author-premium";
import { removeObjectsWithoutImage, removeUnusedImages } from "./images/remove-unused-images";
import { recomputeFeaturedScores } from "./reading/featured-score";
import { pruneReadSalts } from "./reading-stats/read-salts";
import { recordMissingChapters } from "./chapters/sync-chapters";
import { FAN_OUT_CHUNKS } from "./community/chunked-fan-out";
import { fanOutNotifications } from "./community/pending-fan-outs";
import { drainOutbox } from "./events/outbox";
import { countUncountedStories } from "./stories/count-story-words";
import { measureLegacyStories } from "./provenance/measure-legacy-stories";
import { rateUnratedStories } from "./stories/rate-stories";
import { resanitizeStories } from "./stories/resanitize-stories";
import { pruneFreeHistory } from "./versions/retention";
import { announceReleased, releaseDue } from "./scheduling/release";
import { remindDueAssignments } from "./collections/exchange-assignments";
import { revealDue } from "./collections/reveal";
import type { MaintenanceJob } from "./maintenance";
import type { ReadCache } from "./read-cache/read-cache";
import type { AppDeps } from "./types";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** A scheduled chapter goes live within this long of its time (one indexed query when nothing is due). */
const RELEASE_EVERY_MS = 15_000;

/**
 * `readCache` (the app's): the jobs that rewrite published stories (content, counts, ratings, scores) drop what it
 * holds after a run that changed something, here and in the other instances.
 */
export function maintenanceJobs(
  deps: Pick<AppDeps, "database" | "now" | "imageStorage"> &
    Partial<Pick<AppDeps, "payments" | "emailWake" | "events">>,
  readCache?: Pick<ReadCache, "invalidateAll" | "invalidateStory">,
): MaintenanceJob[] {
  const { db } = deps.database;
  const thenInvalidate =
    <T>(run: () => Promise<T>): (() => Promise<T>) =>
    async () => {
      const result = await run();
      // NOTE: the one-off jobs answer how many stories they changed; later runs find none and keep the cache.
      if (result !== 0) readCache?.invalidateAll();
      return result;
    };
  const { payments } = deps;
  return [
    { name: "prune-expired-sessions", everyMs: HOUR_MS, run: () => pruneExpiredSessions(db, deps.now()) },
    { name: "prune-trusted-devices", everyMs: 24 * HOUR_MS, run: () => pruneTrustedDevices(db, deps.now()) },
    // A deleted account's name is held for 30 days, as a hash; the hash goes when the hold ends.
    { name: "prune-username-holds", everyMs: 24 * HOUR_MS, run: () => pruneUsernameHolds(db, deps.now()) },
    // Covers uploaded and then not used (a wizard abandoned, a cover replaced) go a day after their upload.
    {
      name: "remove-unused-images",
      everyMs: HOUR_MS,
      run: () => removeUnusedImages(db, deps.imageStorage, deps.now()),
    },
    // Objects no image row names (a crash between writing the bytes and the row, an account deletion) go a day
    // after they were written; this lists the whole image storage, hence daily.
    {
      name: "remove-objects-without-image",
      everyMs: 24 * HOUR_MS,
      run: () => removeObjectsWithoutImage(db, deps.imageStorage, deps.now()),
    },
    // After an allowlist change, stories stored under the old one are cleaned again once (soon after start);
    // later runs find nothing to do with one indexed query.
    { name: "resanitize-stories", everyMs: HOUR_MS, run: thenInvalidate(() => resanitizeStories(db)) },
    // Stories stored before word counting existed get their counts (aiShare) once; later runs find none.
    { name: "count-story-words", everyMs: HOUR_MS, run: thenInvalidate(() => countUncountedStories(db)) },
    // Stories counted by the generated-content wrappers before Marin's fingerprints existed: their wrapped text is
    // fingerprinted as Marin's and they are measured again, once; later runs find none.
    { name: "measure-legacy-stories", everyMs: HOUR_MS, run: thenInvalidate(() => measureLegacyStories(db)) },
    // Stories stored before rating and search text were derived on write get them once; later runs find none.
    { name: "rate-stories", everyMs: HOUR_MS, run: thenInvalidate(() => rateUnratedStories(db)) },
    // Free accounts keep 30 days of story history, FicForge Plus all of it (decision 0041).
    { name: "prune-free-history", everyMs: 6 * HOUR_MS, run: () => pruneFreeHistory(db, deps.now()) },
    // Read counting: a day's salt goes when the day is over, its reader marks a day later (decision 0031).
    { name: "prune-read-salts", everyMs: HOUR_MS, run: () => pruneReadSalts(db, deps.now()) },
    // Published stories from before chapters were recorded get their chapter list once; later runs find none.
    { name: "record-chapters", everyMs: HOUR_MS, run: thenInvalidate(() => recordMissingChapters(db, deps.now())) },
    // Outbox events whose own delivery after the commit never happened (the process died) or failed: delivered a
    // minute or more after their event, once, whichever instance drains first (decisions 0029, 0054).
    {
      name: "drain-outbox",
      everyMs: MINUTE_MS,
      run: async () => {
        const chunks = FAN_OUT_CHUNKS[deps.database.kind];
        const swept = await drainOutbox(db, deps.now(), (d, r) => fanOutNotifications(d, r, chunks));
        if (swept.written > 0) deps.emailWake?.notify();
        return swept;
      },
    },
    // Issue 31: scheduled releases whose time has come, each once on whichever instance claims it; the first run,
    // seconds after start, releases what came due while every instance was down (scheduling/release.ts).
    {
      name: "release-scheduled",
      everyMs: RELEASE_EVERY_MS,
      run: async () => {
        const released = await releaseDue(db, deps.imageStorage, deps.now());
        await announceReleased(deps, readCache, released);
        return released.length;
      },
    },
    // Issue 33: gift exchange givers who have not posted are reminded two days before the due date, once per
    // exchange on whichever instance claims it (collections/exchange-assignments.ts).
    {
      name: "remind-exchange-assignments",
      everyMs: 5 * MINUTE_MS,
      run: async () => {
        const reminded = await remindDueAssignments(db, deps.now());
        if (reminded > 0) deps.emailWake?.notify();
        return reminded;
      },
    },
    // Issue 33: collections whose reveal time has come, each once on whichever instance claims it; the first run,
    // seconds after start, reveals what came due while every instance was down (collections/reveal.ts).
    {
      name: "reveal-collections",
      everyMs: RELEASE_EVERY_MS,
      run: async () => {
        const revealed = await revealDue(db, deps.now());
        for (const one of revealed) await deps.events?.emit("collection.revealed", one);
        return revealed.length;
      },
    },
    // Featured: scores corrected for the likes and bookmarks that left the window (reading/featured-score.ts).
    { name: "featured-scores", everyMs: HOUR_MS, run: thenInvalidate(() => recomputeFeaturedScores(db, deps.now())) },
    // Premium ends within ten minutes of a paid period (plus its grace) running out with no renewal; each run is one
    // indexed UPDATE that touches only the users it turns free. The cached reader views of those authors drop (their
    // reader background is a perk); read-cache keys never name a viewer, and mature access is decided per request.
    {
      name: "expire-subscriptions",
      everyMs: 10 * MINUTE_MS,
      run: () =>
        expireSubscriptions(
          db,
          deps.now(),
          async (ids) => readCache && invalidateAuthorPremiumViews(readCache, db, ids),
        ),
    },
    // The demo checkout's billing clock: its subscriptions renew (or end) when their period does, as Stripe's would.
    ...(payments?.renewDue
      ? [{ name: "renew-demo-subscriptions", everyMs: 5 * MINUTE_MS, run: () => payments.renewDue!(db, deps.now()) }]
      : []),
  ];
}
