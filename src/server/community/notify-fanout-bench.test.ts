// The fan-out bench's own code (bench/notify-fanout.ts, decision 0066) at a small size, so it cannot rot: seeded
// subscribers, chapters published through the app under saves and reads, a fan-out that dies and its resume, each
// checked by the bench itself (every recipient once, every email queued, the resume writing only the rest).
import { expect, it } from "vitest";
import { benchFanOut } from "../../../bench/lib/notify-fanout";
import { describeEachDb } from "../test/app";

describeEachDb("the notification fan-out bench, small", (ctx) => {
  it("fans 1,500 subscribers out in chunks through the app, and resumes one that died half way", async () => {
    const result = await benchFanOut({
      app: ctx().app,
      db: ctx().database.db,
      subscribers: 1500,
      rounds: 1,
      aloneMs: 200,
      gapMs: 5,
      sweep: [{ chunkSize: 400, pauseMs: 0 }],
    });
    const { notifications, pending } = result.seed.expected;
    // The seeded mix: a tenth off, one in a hundred blocking the author, one in a hundred banned; half unverified.
    expect(notifications).toBeGreaterThan(1200);
    expect(notifications).toBeLessThan(1400);
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(notifications);
    const [app, died, resumed, swept] = result.rounds;
    expect(app).toMatchObject({ name: "chapter 2 (through the app)", written: notifications });
    expect(died!.name).toMatch(/^chapter 3: dies after chunk \d+$/);
    expect(died!.written).toBeGreaterThan(0);
    expect(died!.written + resumed!.written).toBe(notifications);
    expect(swept).toMatchObject({ name: "chapter 4: chunks of 400, 0 ms pause", written: notifications });
    // The load ran beside each round.
    expect(result.alone.save.n).toBeGreaterThan(0);
    expect(app!.save.n + app!.read.n).toBeGreaterThan(0);
  });
});
