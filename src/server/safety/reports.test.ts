// POST /api/reports: every target type, what may not be reported (missing, removed, not readable, one's own), bad
// input, one open report per reporter and target, and the per-user rate limit.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { REPORT_LIMITS, REPORT_SELF, REPORT_TARGET_NOT_FOUND, REPORTING_TOO_FAST } from "../../shared/schemas/safety";
import { reports, storyChapters } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("reports", (ctx) => {
  const db = () => ctx().database.db;
  const user = () => createVerifiedUserWithSession(db());
  const report = (who: UserWithSession | undefined, body: unknown) =>
    send(ctx().app, "POST", "/api/reports", body, who ? { cookie: who.cookie } : {});
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });

  it("makes one open report per reporter and target, with whom it is about; refuses what the reporter cannot see", async () => {
    const [author, reader, other] = [await user(), await user(), await user()];
    const story = await published({ authorId: author.user.id });
    await db().insert(storyChapters).values({ storyId: story.id, n: 2, words: 10, firstPublishedAt: new Date() });
    const comment = (
      await send(ctx().app, "POST", `/api/stories/${story.id}/comments`, { content: "Mean words" }, other.headers)
    ).json();

    expect(
      (await report(undefined, { targetType: "story", targetId: String(story.id), reason: "spam" })).statusCode,
    ).toBe(401);

    const made = [
      { targetType: "story", targetId: String(story.id), reason: "wrong-rating" },
      { targetType: "chapter", targetId: `${story.id}:2`, reason: "copyright", details: "Copied from my book." },
      { targetType: "comment", targetId: String(comment.id), reason: "harassment", details: "  Aimed at me.\u0007 " },
      { targetType: "user", targetId: other.user.username.toUpperCase(), reason: "hate" },
    ];
    for (const body of made) {
      const res = await report(reader, body);
      expect([res.statusCode, res.json()]).toEqual([201, { received: true }]);
    }
    // Pressed again: received, no second row.
    const again = await report(reader, made[2]);
    expect([again.statusCode, again.json()]).toEqual([200, { received: true }]);
    const rows = await db().select().from(reports).where(eq(reports.reporterId, reader.user.id)).orderBy(reports.id);
    expect(rows.map((r) => [r.targetType, r.targetId, r.targetUserId, r.reason, r.details, r.status])).toEqual([
      ["story", String(story.id), author.user.id, "wrong-rating", "", "open"],
      ["chapter", `${story.id}:2`, author.user.id, "copyright", "Copied from my book.", "open"],
      ["comment", String(comment.id), other.user.id, "harassment", "Aimed at me.", "open"],
      ["user", String(other.user.id), other.user.id, "hate", "", "open"],
    ]);
    // Another reader's report on the same target is their own.
    expect((await report(other, made[0])).statusCode).toBe(201);

    // Oneself and one's own writing: 400.
    for (const body of [
      { targetType: "user", targetId: reader.user.username, reason: "spam" },
      { targetType: "story", targetId: String(story.id), reason: "spam" },
    ]) {
      const who = body.targetType === "user" ? reader : author;
      const res = await report(who, body);
      expect([res.statusCode, res.json().message]).toEqual([400, REPORT_SELF]);
    }

    // Missing, removed, unpublished, mature for a free reader, a chapter that is not there, malformed ids: 404.
    const draft = await createStory(db(), { authorId: author.user.id });
    const mature = await published({ authorId: author.user.id, rating: "mature" });
    await send(ctx().app, "DELETE", `/api/comments/${comment.id}`, undefined, other.headers);
    for (const [targetType, targetId] of [
      ["story", "999999999"],
      ["story", String(draft.id)],
      ["story", String(mature.id)],
      ["story", "12abc"],
      ["chapter", `${story.id}:7`],
      ["chapter", String(story.id)],
      ["comment", String(comment.id)],
      ["user", "no_such_person_x"],
      ["user", "<script>"],
    ]) {
      const res = await report(reader, { targetType, targetId, reason: "other" });
      expect([targetType, targetId, res.statusCode, res.json().message]).toEqual([
        targetType,
        targetId,
        404,
        REPORT_TARGET_NOT_FOUND,
      ]);
    }
  });

  it("refuses bad input with a message naming the problem, and limits reports per user", async () => {
    const [reporter, target] = [await user(), await user()];
    const base = { targetType: "user", targetId: target.user.username, reason: "spam" };
    const cases: [unknown, string, string][] = [
      [{ ...base, reason: "boring" }, "reason", "Choose a reason"],
      [{ ...base, reason: undefined }, "reason", "Choose a reason"],
      [{ ...base, targetType: "tag" }, "targetType", "Choose what you are reporting"],
      [{ ...base, targetId: " " }, "targetId", "Say what you are reporting"],
      [{ ...base, targetId: undefined }, "targetId", "Say what you are reporting"],
      [
        { ...base, details: "x".repeat(REPORT_LIMITS.detailsMax + 1) },
        "details",
        "Details must be at most 2000 characters",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(reporter, body);
      expect([res.statusCode, res.json().fields?.[field]]).toEqual([400, message]);
    }
    expect((await report(reporter, { ...base, details: "x".repeat(REPORT_LIMITS.detailsMax) })).statusCode).toBe(201);

    // The limit counts new reports (a repeat of an open one costs nothing), per reporter, across instances.
    const others = await Promise.all(Array.from({ length: REPORT_LIMITS.perHour }, () => user()));
    for (const [i, person] of others.entries()) {
      const res = await report(reporter, { ...base, targetId: person.user.username });
      expect([i, res.statusCode]).toEqual([i, i < REPORT_LIMITS.perHour - 1 ? 201 : 429]);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe(REPORTING_TOO_FAST);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect((await report(reporter, base)).statusCode).toBe(200);
    expect((await report(target, { ...base, targetId: reporter.user.username })).statusCode).toBe(201);
    ctx().clock.advance(3_600_000);
    expect((await report(reporter, { ...base, targetId: others[0]!.user.username })).statusCode).toBe(200);
    expect((await report(reporter, { ...base, targetId: others.at(-1)!.user.username })).statusCode).toBe(201);
  });
});
