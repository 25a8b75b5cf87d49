// The jobs main.ts schedules do their work on a real database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "../shared/limits";
import { createSession, sha256 } from "./accounts/sessions";
import type { Database } from "./db/client";
import { sessions, stories, usernameHolds, users } from "./db/schema";
import { startMaintenance } from "./maintenance";
import { maintenanceJobs } from "./maintenance-jobs";
import { DB_KINDS, openTestDatabase } from "./test/database";
import { createStory, createUser } from "./test/factories";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDiskStorage } from "./images/storage/disk";

for (const kind of DB_KINDS) {
  describe(`[${kind}] the maintenance jobs`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database?.close());

    it("prune expired sessions soon after start and keep live ones", async () => {
      const { db } = database;
      const now = new Date();
      const user = await createUser(db);
      const expired = await createSession(db, user.id, new Date(now.getTime() - SESSION_TTL_MS - 60_000));
      const live = await createSession(db, user.id, now);
      const remaining = async () =>
        (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((s) => s.id);
      expect(await remaining()).toHaveLength(2);
      // Written before word counting existed: the count job counts it (aiShare) once, and the legacy measure keeps
      // its wrapped words as Marin's.
      const uncounted = await createStory(db, {
        content:
          '<p>Two words.</p><div class="generated-content"><p>Marin wrote these ten words of the story for you.</p></div>',
      });
      expect(uncounted.wordCount).toBeNull();
      // Canceled, and the paid period ended a minute ago: the subscription check turns premium off.
      const lapsed = await createUser(db, {
        isPremium: true,
        subscriptionStatus: "canceled",
        subscriptionExpiresAt: new Date(now.getTime() - 60_000),
      });

      // A deleted account's name: one hold ended a minute ago, one runs for days more.
      await db.insert(usernameHolds).values([
        { nameHash: "ended-hold", heldUntil: new Date(now.getTime() - 60_000) },
        { nameHash: "live-hold", heldUntil: new Date(now.getTime() + 86_400_000) },
      ]);

      const jobs = maintenanceJobs({
        database,
        now: () => now,
        imageStorage: createDiskStorage(mkdtempSync(join(tmpdir(), "ff-images-"))),
      });
      expect(jobs.map((job) => [job.name, job.everyMs])).toEqual([
        ["prune-expired-sessions", 60 * 60 * 1000],
        ["prune-trusted-devices", 24 * 60 * 60 * 1000],
        ["prune-username-holds", 24 * 60 * 60 * 1000],
        ["remove-unused-images", 60 * 60 * 1000],
        ["remove-objects-without-image", 24 * 60 * 60 * 1000],
        ["resanitize-stories", 60 * 60 * 1000],
        ["count-story-words", 60 * 60 * 1000],
        ["measure-legacy-stories", 60 * 60 * 1000],
        ["rate-stories", 60 * 60 * 1000],
        ["prune-free-history", 6 * 60 * 60 * 1000],
        ["prune-read-salts", 60 * 60 * 1000],
        ["record-chapters", 60 * 60 * 1000],
        ["drain-outbox", 60 * 1000],
        ["release-scheduled", 15 * 1000],
        ["remind-exchange-assignments", 5 * 60 * 1000],
        ["reveal-collections", 15 * 1000],
        ["featured-scores", 60 * 60 * 1000],
        ["expire-subscriptions", 10 * 60 * 1000],
      ]);
      let done: () => void = () => {};
      let runs = 0;
      const ran = new Promise<void>((resolve) => {
        done = resolve;
      });
      const warnings: object[] = [];
      const maintenance = startMaintenance({
        // Every job's first run logs once at debug; the test goes on when all of them have run.
        log: { warn: (details) => warnings.push(details), debug: () => ++runs === jobs.length && done() },
        jobs,
        firstRunAfterMs: 10,
      });
      await ran;
      await maintenance.stop();

      expect(warnings).toEqual([]);
      expect(await remaining()).toEqual([sha256(live.token)]);
      expect(expired.expiresAt.getTime()).toBeLessThan(now.getTime());
      const [counted] = await db.select().from(stories).where(eq(stories.id, uncounted.id));
      expect(counted).toMatchObject({ wordCount: 12, aiWordCount: 10 });
      // Stored before ratings and search text were derived on write: rated and indexed once.
      expect(counted).toMatchObject({ rating: "general", searchText: `${uncounted.title}\nA test story.` });
      const [free] = await db.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, lapsed.id));
      expect(free).toEqual({ isPremium: false });
      expect(await db.select({ hash: usernameHolds.nameHash }).from(usernameHolds)).toEqual([{ hash: "live-hold" }]);
    });
  });
}
