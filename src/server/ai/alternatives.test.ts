// 'Another version' (issue 32, decision 0097): each generation is kept (its request's own fields, never the story's
// text) and answers its id; an alternative points at the first of its group, is charged like any prompt (free: 3 a
// day; Plus: no limit), keeps its fingerprint for the AI share, and is refused clearly: another user's, another
// story's, an unknown or malformed id, a full group. Chat answers keep their versions on the message (chat-versions.ts).
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { MARIN_LIMITS } from "../../shared/schemas/marin";
import { marinFingerprints, marinGenerations } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { createOfflineModel, OFFLINE_MODEL_LABEL } from "./offline-model";

const options = { ai: { label: OFFLINE_MODEL_LABEL, offline: true, model: createOfflineModel({ wordDelayMs: 0 }) } };

describeEachDb(
  "Another version of a generation",
  (ctx) => {
    type Headers = Record<string, string>;
    const newStory = async (headers: Headers) => {
      const res = await send(ctx().app, "POST", "/api/stories", { title: "T", content: "<p>Mira ran.</p>" }, headers);
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const generate = (headers: Headers, body: Record<string, unknown>) =>
      send(ctx().app, "POST", "/api/generate-content", { prompt: "Continue.", action: "continue", ...body }, headers);

    it("keeps each version, charges it, and refuses others' ids, other stories, full groups and bad ids", async () => {
      const { db } = ctx().database;
      const free = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
      const story = await newStory(free.headers);
      const other = await newStory(free.headers);

      const first = await generate(free.headers, { storyId: story, before: "Mira ran.", seed: 1 });
      expect(first.statusCode).toBe(200);
      const firstId = first.json().generationId as number;
      expect(first.json().promptsLeft).toBe(2);
      const second = await generate(free.headers, {
        storyId: story,
        before: "Mira ran.",
        seed: 2,
        alternativeOf: firstId,
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().promptsLeft).toBe(1);
      // Asking again from the second version joins the same group, pointing at the first.
      const third = await generate(free.headers, {
        storyId: story,
        seed: 3,
        alternativeOf: second.json().generationId,
      });
      expect(third.json().promptsLeft).toBe(0);
      const rows = await db.select().from(marinGenerations).where(eq(marinGenerations.storyId, story));
      expect(rows.map((r) => r.alternativeOf)).toEqual([null, firstId, firstId]);
      expect(rows[0]!.action).toBe("continue");
      // The request's own fields only: the text before the cursor is the story's.
      expect(rows[0]!.request).toEqual({ prompt: "Continue." });
      // Each delivered version is fingerprinted, as any generation.
      const prints = await db.select().from(marinFingerprints).where(eq(marinFingerprints.storyId, story));
      expect(prints.length).toBeGreaterThanOrEqual(3);
      // The fourth of the day: the daily limit, and no version kept.
      const limited = await generate(free.headers, { storyId: story, seed: 4, alternativeOf: firstId });
      expect(limited.statusCode).toBe(429);
      expect(await db.select().from(marinGenerations).where(eq(marinGenerations.storyId, story))).toHaveLength(3);

      // Another story's id, another user's, unknown, malformed, another action: clear 4xx, nothing charged.
      const plus = await createVerifiedUserWithSession(db, { isPremium: true }, ctx().clock.now());
      const plusStory = await newStory(plus.headers);
      const own = await generate(plus.headers, { storyId: plusStory, seed: 5 });
      const ownId = own.json().generationId as number;
      expect(own.json().promptsLeft).toBeNull();
      const wrongStory = await generate(free.headers, { storyId: other, alternativeOf: firstId });
      expect([wrongStory.statusCode, wrongStory.json().message]).toEqual([404, expect.stringMatching(/not found/)]);
      expect((await generate(free.headers, { storyId: story, alternativeOf: ownId })).statusCode).toBe(404);
      expect((await generate(plus.headers, { storyId: plusStory, alternativeOf: firstId })).statusCode).toBe(404);
      expect((await generate(plus.headers, { storyId: plusStory, alternativeOf: 2 ** 53 - 1 })).statusCode).toBe(404);
      for (const bad of ["abc", -1, 1.5, 2 ** 60, null]) {
        expect((await generate(plus.headers, { storyId: plusStory, alternativeOf: bad })).statusCode).toBe(400);
      }
      const rewrite = await generate(plus.headers, {
        storyId: plusStory,
        action: "rewrite",
        selection: "Mira ran.",
        alternativeOf: ownId,
      });
      expect(rewrite.statusCode).toBe(400);

      // A full group (the first and nine alternatives) refuses a tenth alternative, even two at once.
      await db.insert(marinGenerations).values(
        Array.from({ length: MARIN_LIMITS.versions - 2 }, () => ({
          userId: plus.user.id,
          storyId: plusStory,
          action: "continue",
          alternativeOf: ownId,
        })),
      );
      const [a, b] = await Promise.all([
        generate(plus.headers, { storyId: plusStory, seed: 6, alternativeOf: ownId }),
        generate(plus.headers, { storyId: plusStory, seed: 7, alternativeOf: ownId }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const full = await generate(plus.headers, { storyId: plusStory, alternativeOf: ownId });
      expect([full.statusCode, full.json().message]).toEqual([409, expect.stringContaining("at most 10 versions")]);
      const group = await db.select().from(marinGenerations).where(eq(marinGenerations.storyId, plusStory));
      expect(group).toHaveLength(MARIN_LIMITS.versions);
    });

    it("keeps versions of any chat answer on its message, and the choice for a second browser", async () => {
      const { db } = ctx().database;
      const plus = await createVerifiedUserWithSession(db, { isPremium: true }, ctx().clock.now());
      const story = await newStory(plus.headers);
      const chat = (body: Record<string, unknown>) =>
        send(
          ctx().app,
          "POST",
          "/api/chat-with-marin",
          { storyId: story, messages: [{ role: "user", content: "Who is Mira?" }], ...body },
          plus.headers,
        );
      expect((await chat({ seed: 1 })).statusCode).toBe(200);
      expect((await chat({ seed: 2, messages: [{ role: "user", content: "And Jonah?" }] })).statusCode).toBe(200);
      const stored = async () =>
        (await send(ctx().app, "GET", `/api/stories/${story}/chat`, undefined, plus.headers)).json().messages as {
          id: string;
          role: string;
          content: string;
          versions?: string[];
          chosen?: number;
        }[];
      const before = await stored();
      const first = before.find((m) => m.role === "assistant")!;
      // Another version of the first answer (not the last), asked with the history before it.
      const again = await chat({ seed: 3, versionOf: first.id });
      expect(again.statusCode).toBe(200);
      const after = await stored();
      expect(after).toHaveLength(before.length);
      const versioned = after.find((m) => m.id === first.id)!;
      expect(versioned.versions).toEqual([first.content, again.json().response]);
      expect([versioned.chosen, versioned.content]).toEqual([1, again.json().response]);
      // Stepping back is kept on the server: a second browser reads the same choice.
      const patch = (id: string, body: unknown, headers = plus.headers, storyId = story) =>
        send(ctx().app, "PATCH", `/api/stories/${storyId}/chat/messages/${id}`, body, headers);
      expect((await patch(first.id, { chosen: 0 })).json().message.content).toBe(first.content);
      expect((await stored()).find((m) => m.id === first.id)).toMatchObject({ chosen: 0, content: first.content });
      // No such version, a malformed id, a writer's own question, another user's or story's message: 4xx.
      expect((await patch(first.id, { chosen: 2 })).statusCode).toBe(400);
      expect((await patch(first.id, { chosen: "1" })).statusCode).toBe(400);
      expect((await patch("42", { chosen: 0 })).statusCode).toBe(400);
      const question = after.find((m) => m.role === "user")!;
      expect((await patch(question.id, { chosen: 0 })).statusCode).toBe(404);
      expect((await chat({ versionOf: question.id })).statusCode).toBe(404);
      const other = await createVerifiedUserWithSession(db, { isPremium: true }, ctx().clock.now());
      const otherStory = await newStory(other.headers);
      expect((await patch(first.id, { chosen: 0 }, other.headers)).statusCode).toBe(404);
      expect((await patch(first.id, { chosen: 0 }, other.headers, otherStory)).statusCode).toBe(404);
      const foreign = await send(
        ctx().app,
        "POST",
        "/api/chat-with-marin",
        { storyId: otherStory, messages: [{ role: "user", content: "Hi" }], versionOf: first.id },
        other.headers,
      );
      expect(foreign.statusCode).toBe(404);
    });
  },
  options,
);
