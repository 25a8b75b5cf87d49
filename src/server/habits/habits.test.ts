// Writing habits (issue 20, section 4; decision 0044): today's words from saves (Marin's not counted, deletions not
// subtracted), the writer's own calendar day, the goal's bounds, and the streak (today counts once met and does
// not break it before the day is over).
import { expect, it } from "vitest";
import { DEFAULT_DAILY_GOAL, type HabitsView } from "../../shared/schemas/habits";
import { writingDays } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import { recordFingerprint } from "../provenance/provenance";
import { dayBefore } from "./local-day";

const words = (n: number, word = "word") => Array.from({ length: n }, () => word).join(" ");
const marin = (text: string) =>
  `<div class="generated-content" data-model="Offline storyteller" data-generated-at="2026-01-01T00:00:00.000Z"><p>${text}</p></div>`;

describeEachDb("writing habits", (ctx) => {
  const db = () => ctx().database.db;
  const habits = async (me: UserWithSession): Promise<HabitsView> => {
    const res = await send(ctx().app, "GET", "/api/habits", undefined, me.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const patch = (me: UserWithSession, body: unknown) => send(ctx().app, "PATCH", "/api/habits", body, me.headers);
  const save = async (me: UserWithSession, id: number, content: string) => {
    const res = await send(ctx().app, "PATCH", `/api/stories/${id}`, { content }, me.headers);
    expect(res.statusCode, res.body).toBe(200);
  };

  it("counts the writer's own saved words, never Marin's, and takes nothing back for deletions", async () => {
    const me = await createVerifiedUserWithSession(db());
    // Marin gave this writer 200 words (its fingerprint is what tells them apart, not the wrapper).
    await recordFingerprint(db(), { userId: me.user.id, storyId: null, kind: "generate", text: words(200, "marin") });
    // A story from before word counts: its old words are not new writing.
    const story = await createStory(db(), { authorId: me.user.id, content: `<p>${words(40, "old")}</p>` });
    expect(await habits(me)).toMatchObject({ dailyGoal: DEFAULT_DAILY_GOAL, todayWords: 0, streak: 0 });

    const mine = `<p>${words(40, "old")}</p><p>${words(30)}</p>`;
    await save(me, story.id, mine);
    expect((await habits(me)).todayWords).toBe(30);
    // Marin writes 200 words: nothing for the writer.
    await save(me, story.id, `${mine}${marin(words(200, "marin"))}`);
    expect((await habits(me)).todayWords).toBe(30);
    // Deleting 20 of the writer's words takes nothing back; writing 25 afterwards adds 25 (rewriting is writing).
    await save(me, story.id, `<p>${words(50)}</p>${marin(words(200, "marin"))}`);
    expect((await habits(me)).todayWords).toBe(30);
    await save(me, story.id, `<p>${words(75)}</p>${marin(words(200, "marin"))}`);
    expect((await habits(me)).todayWords).toBe(55);
    // Marin's words stay Marin's out of its wrapper; words Marin never gave them are theirs, wrapper or not.
    await save(me, story.id, `<p>${words(75)}</p><p>${words(200, "marin")}</p>`);
    expect((await habits(me)).todayWords).toBe(55);
    await save(me, story.id, `<p>${words(75)}</p>${marin(words(20, "edited"))}`);
    expect((await habits(me)).todayWords).toBe(75);
  });

  it("counts by the writer's own calendar day and validates the goal and the zone", async () => {
    const me = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: me.user.id, content: "<p></p>", wordCount: 0, aiWordCount: 0 });
    const clock = ctx().clock;
    // 23:30 UTC is already tomorrow in Tokyo (UTC+9).
    const utcDay = clock.now().toISOString().slice(0, 10);
    clock.advance(Date.parse(`${utcDay}T23:30:00Z`) - clock.now().getTime());
    expect((await patch(me, { timeZone: "Asia/Tokyo", dailyGoal: 100 })).statusCode).toBe(200);
    await save(me, story.id, `<p>${words(60)}</p>`);
    const tokyo = await habits(me);
    expect(tokyo).toMatchObject({ timeZone: "Asia/Tokyo", todayWords: 60, dailyGoal: 100, metToday: false });
    expect(tokyo.today).not.toBe(utcDay);
    expect(dayBefore(tokyo.today)).toBe(utcDay);
    // Seen from New York (UTC-5) the same save was made on the UTC day: a different day with nothing written.
    const newYork = (await patch(me, { timeZone: "America/New_York" })).json() as HabitsView;
    expect(newYork).toMatchObject({ today: utcDay, todayWords: 0 });

    for (const [body, field] of [
      [{ dailyGoal: 49 }, "dailyGoal"],
      [{ dailyGoal: 10_001 }, "dailyGoal"],
      [{ dailyGoal: 250.5 }, "dailyGoal"],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
    ] as const) {
      const res = await patch(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    expect((await patch(me, { dailyGoal: null })).json()).toMatchObject({ dailyGoal: null, streak: 0 });
    expect((await send(ctx().app, "GET", "/api/habits")).statusCode).toBe(401);
  });

  it("counts a streak of days the goal was met, today once met, not broken before the day is over", async () => {
    const me = await createVerifiedUserWithSession(db());
    await patch(me, { dailyGoal: 100, timeZone: "UTC" });
    const today = (await habits(me)).today;
    const back = (n: number) => Array.from({ length: n }).reduce<string>((day) => dayBefore(day), today);
    await db()
      .insert(writingDays)
      .values([
        { userId: me.user.id, day: back(1), words: 120, goal: 100 },
        { userId: me.user.id, day: back(2), words: 300, goal: 250 },
        // Met against its own goal then, though under today's.
        { userId: me.user.id, day: back(3), words: 60, goal: 50 },
        // Missed: ends the streak.
        { userId: me.user.id, day: back(4), words: 90, goal: 100 },
        { userId: me.user.id, day: back(5), words: 500, goal: 100 },
      ]);
    expect(await habits(me)).toMatchObject({ streak: 3, metToday: false, todayWords: 0 });

    const story = await createStory(db(), { authorId: me.user.id, content: "<p></p>", wordCount: 0, aiWordCount: 0 });
    await save(me, story.id, `<p>${words(99)}</p>`);
    expect(await habits(me)).toMatchObject({ streak: 3, metToday: false, todayWords: 99 });
    await save(me, story.id, `<p>${words(100)}</p>`);
    expect(await habits(me)).toMatchObject({ streak: 4, metToday: true, todayWords: 100 });
    // Raising today's goal past today's words: today is not met yet, the streak before it stands.
    expect((await patch(me, { dailyGoal: 150 })).json()).toMatchObject({ streak: 3, metToday: false });

    // Two days later, with nothing written since, the streak is gone.
    ctx().clock.advance(2 * 24 * 60 * 60 * 1000);
    expect(await habits(me)).toMatchObject({ streak: 0, todayWords: 0 });
    ctx().clock.advance(-2 * 24 * 60 * 60 * 1000);
  });
});
