// Every turn the pane shows is kept on the server in the order it was shown (decision 0052): the greeting, a
// generation's request and what it did, a question and Marin's reply, an Undo; a second session of the same writer
// lists the same turns in the same order, the greeting is kept once however many devices open the story, and the
// per-story cap holds for the pane's turns too.
import { expect, it } from "vitest";
import { MARIN_CHAT_LIMIT } from "../../shared/schemas/marin-chat";
import { createSession, SESSION_COOKIE } from "../accounts/sessions";
import { marinChatMessages } from "../db/schema";
import { mainThreadId } from "./stored-chat";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("Marin's chat history", (ctx) => {
  const db = () => ctx().database.db;
  const keep = (storyId: number, cookie: string, turn: Record<string, unknown>) =>
    send(ctx().app, "POST", `/api/stories/${storyId}/chat`, turn, { cookie });
  const listed = async (storyId: number, cookie: string) => {
    const res = await send(ctx().app, "GET", `/api/stories/${storyId}/chat`, undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { messages: { role: string; content: string; note: boolean }[] }).messages.map(
      ({ role, content, note }) => [role, note ? "note" : "turn", content],
    );
  };

  it("keeps every kind of turn in order and lists them alike to two sessions of the writer", async () => {
    const me = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: me.user.id, title: "Vel" });
    const { token } = await createSession(db(), me.user.id, new Date());
    const other = `${SESSION_COOKIE}=${token}`;

    const greeting = { role: "assistant", content: "I've written the opening scene of “Vel”.", note: true };
    const first = await keep(story.id, me.cookie, { ...greeting, onlyIfEmpty: true });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: { role: "assistant", note: true, content: greeting.content } });
    // The second device opened the same story at the same time: its greeting is not kept twice.
    const again = await keep(story.id, other, { ...greeting, onlyIfEmpty: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: null });

    expect(
      (await keep(story.id, me.cookie, { role: "user", content: "Write the next scene", note: false })).statusCode,
    ).toBe(201);
    await keep(story.id, me.cookie, { role: "assistant", content: "Added 295 words to your story.", note: true });
    const asked = await send(
      ctx().app,
      "POST",
      "/api/chat-with-marin",
      { storyId: story.id, messages: [{ role: "user", content: "Who is Ren?" }] },
      { cookie: other },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const reply = (asked.json() as { response: string }).response;
    await keep(story.id, other, { role: "assistant", content: "Continued the story with 120 words.", note: true });
    await keep(story.id, other, { role: "assistant", content: "Rewrote the selection.", note: true });
    await keep(story.id, me.cookie, { role: "assistant", content: "Here's a new version.", note: true });
    await keep(story.id, me.cookie, { role: "assistant", content: "Undid my last change to your story.", note: true });

    const expected = [
      ["assistant", "note", greeting.content],
      ["user", "turn", "Write the next scene"],
      ["assistant", "note", "Added 295 words to your story."],
      ["user", "turn", "Who is Ren?"],
      ["assistant", "turn", reply],
      ["assistant", "note", "Continued the story with 120 words."],
      ["assistant", "note", "Rewrote the selection."],
      ["assistant", "note", "Here's a new version."],
      ["assistant", "note", "Undid my last change to your story."],
    ];
    expect(await listed(story.id, me.cookie)).toEqual(expected);
    expect(await listed(story.id, other)).toEqual(expected);
  });

  it("refuses a blank or oversized turn and anyone else's story, and keeps the newest turns past the cap", async () => {
    const me = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: me.user.id });
    expect((await keep(story.id, me.cookie, { role: "user", content: "  ", note: false })).statusCode).toBe(400);
    expect((await keep(story.id, me.cookie, { role: "user", content: "x".repeat(4001), note: false })).statusCode).toBe(
      400,
    );
    const stranger = await createVerifiedUserWithSession(db());
    expect((await keep(story.id, stranger.cookie, { role: "user", content: "Hi", note: false })).statusCode).toBe(404);
    expect(
      (await send(ctx().app, "POST", `/api/stories/${story.id}/chat`, { role: "user", content: "Hi", note: false }))
        .statusCode,
    ).toBe(401);

    // Turns sent at once all land, and the story still keeps only its newest MARIN_CHAT_LIMIT.
    const threadId = await mainThreadId(db(), story.id, new Date());
    await db()
      .insert(marinChatMessages)
      .values(
        Array.from({ length: MARIN_CHAT_LIMIT }, (_, i) => ({
          storyId: story.id,
          threadId,
          role: "assistant" as const,
          content: `n${i}`,
          note: true,
          createdAt: new Date(),
        })),
      );
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) => keep(story.id, me.cookie, { role: "user", content: `late${i}`, note: false })),
    );
    const chat = await listed(story.id, me.cookie);
    expect(chat).toHaveLength(MARIN_CHAT_LIMIT);
    expect(chat[0]).toEqual(["assistant", "note", "n5"]);
    expect(
      chat
        .slice(-5)
        .map((turn) => turn[2])
        .sort(),
    ).toEqual(["late0", "late1", "late2", "late3", "late4"]);
  });
});
