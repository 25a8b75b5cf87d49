// The chat kept on the server (issue 20, section 2; decision 0044): each exchange stored as the chat route runs, a
// reply cut short kept as far as it reached the writer, the newest 200 per story, the same chat from a second
// session, 'Clear chat', 404 for anyone else's story, and the data export carrying it.
import { afterAll, beforeEach, expect, it } from "vitest";
import yauzl from "yauzl";
import { MARIN_CHAT_LIMIT } from "../../shared/schemas/marin-chat";
import { createSession, SESSION_COOKIE } from "../accounts/sessions";
import { marinChatMessages } from "../db/schema";
import { processImage } from "../images/process-image";
import { storeImage } from "../images/store-image";
import { solidImage } from "../test/images";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { startOpenAiPeer } from "../test/openai-peer";
import { createAiDriver } from "./driver";
import { appendChatMessage, mainThreadId } from "./stored-chat";

const peer = await startOpenAiPeer();
const ai = await createAiDriver({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: peer.url,
  AI_MODEL: "peer-model",
  AI_API_KEY: "test-key",
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describeEachDb(
  "Marin's stored chat",
  (ctx) => {
    const db = () => ctx().database.db;
    const chatOf = async (storyId: number, cookie: string) => {
      const res = await send(ctx().app, "GET", `/api/stories/${storyId}/chat`, undefined, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { messages: { role: string; content: string }[] }).messages;
    };
    const say = (storyId: number, cookie: string, content: string, stream = false) =>
      send(
        ctx().app,
        "POST",
        "/api/chat-with-marin",
        { storyId, messages: [{ role: "user", content }] },
        { cookie, ...(stream ? { accept: "text/event-stream" } : {}) },
      );

    it("keeps each exchange, shows it to a second session, clears it, and answers 404 to anyone else", async () => {
      const me = await createVerifiedUserWithSession(db(), { isPremium: true });
      const story = await createStory(db(), { authorId: me.user.id });
      expect((await say(story.id, me.cookie, "Who is Ren?")).statusCode).toBe(200);
      peer.behave({ chunks: ["She ", "keeps ", "the ", "light."] });
      expect((await say(story.id, me.cookie, "And the lantern?", true)).body).toContain("event: done");

      // Another device: a second session of the same writer.
      const { token } = await createSession(db(), me.user.id, new Date());
      const second = `${SESSION_COOKIE}=${token}`;
      expect(await chatOf(story.id, second)).toEqual([
        expect.objectContaining({ role: "user", content: "Who is Ren?" }),
        expect.objectContaining({ role: "assistant", content: "Ren lifted the lantern." }),
        expect.objectContaining({ role: "user", content: "And the lantern?" }),
        expect.objectContaining({ role: "assistant", content: "She keeps the light." }),
      ]);

      // A reply that broke off part-way keeps what had reached the writer.
      peer.behave({ failure: "close-mid-stream", chunks: ["One ", "two ", "three ", "four."] });
      const broken = await say(story.id, me.cookie, "Count for me", true);
      expect(broken.body).toContain("event: error");
      const afterBreak = await chatOf(story.id, me.cookie);
      expect(afterBreak.at(-2)).toMatchObject({ role: "user", content: "Count for me" });
      expect(afterBreak.at(-1)?.role).toBe("assistant");
      expect(afterBreak.at(-1)?.content).toMatch(/^One/);

      const other = await createVerifiedUserWithSession(db());
      for (const method of ["GET", "DELETE"] as const) {
        const res = await send(ctx().app, method, `/api/stories/${story.id}/chat`, undefined, other.headers);
        expect(res.statusCode).toBe(404);
      }
      expect((await send(ctx().app, "GET", `/api/stories/${story.id}/chat`)).statusCode).toBe(401);
      expect(await chatOf(story.id, me.cookie)).toHaveLength(afterBreak.length);

      const cleared = await send(ctx().app, "DELETE", `/api/stories/${story.id}/chat`, undefined, me.headers);
      expect(cleared.statusCode).toBe(204);
      expect(await chatOf(story.id, second)).toEqual([]);
    });

    it("keeps the newest 200 messages per story, even when messages arrive at once", async () => {
      const me = await createVerifiedUserWithSession(db(), { isPremium: true });
      const story = await createStory(db(), { authorId: me.user.id });
      const neighbour = await createStory(db(), { authorId: me.user.id });
      await appendChatMessage(db(), neighbour.id, "user", "Untouched", new Date());
      const at = new Date();
      const threadId = await mainThreadId(db(), story.id, at);
      await db()
        .insert(marinChatMessages)
        .values(
          Array.from({ length: MARIN_CHAT_LIMIT - 1 }, (_, i) => ({
            storyId: story.id,
            threadId,
            role: i % 2 ? ("assistant" as const) : ("user" as const),
            content: `m${i}`,
            createdAt: at,
          })),
        );
      await Promise.all(
        [0, 1, 2, 3].map((i) => appendChatMessage(db(), story.id, "user", `late${i}`, new Date(at.getTime() + 1))),
      );
      expect((await say(story.id, me.cookie, "Last word")).statusCode).toBe(200);
      const chat = await chatOf(story.id, me.cookie);
      expect(chat).toHaveLength(MARIN_CHAT_LIMIT);
      // 199 + 4 + the exchange's 2 = 205: the 5 oldest went.
      expect(chat[0]).toMatchObject({ content: "m5" });
      expect(chat.slice(-2).map((m) => m.content)).toEqual(["Last word", "Ren lifted the lantern."]);
      expect(await chatOf(neighbour.id, me.cookie)).toEqual([expect.objectContaining({ content: "Untouched" })]);
    });

    it("puts each story's chat in the data export, and its EPUB carries the cover, tags and rating", async () => {
      const me = await createVerifiedUserWithSession(db());
      const coverImageId = await storeImage(
        db(),
        ctx().app.deps.imageStorage,
        await processImage(await solidImage("png", 300, 450)),
        null,
      );
      const story = await createStory(db(), {
        authorId: me.user.id,
        title: "Lanterns",
        coverImageId,
        tags: ["slow burn"],
        contentRating: "teen",
      });
      await appendChatMessage(db(), story.id, "user", "Name the ship", new Date());
      await appendChatMessage(db(), story.id, "assistant", "The Gull.", new Date());
      const res = await send(ctx().app, "GET", "/api/account/export", undefined, me.headers);
      expect(res.statusCode, res.body).toBe(200);
      const entries = await unzip(res.rawPayload);
      expect(JSON.parse(entries.get("marin-chat.json")!.toString("utf8"))).toEqual([
        expect.objectContaining({ storyId: story.id, storyTitle: "Lanterns", role: "user", content: "Name the ship" }),
        expect.objectContaining({ storyId: story.id, role: "assistant", content: "The Gull." }),
      ]);
      const epub = await unzip(entries.get(`stories/${story.id}-Lanterns.epub`)!);
      const opf = epub.get("OEBPS/content.opf")!.toString("utf8");
      expect(opf).toContain('properties="cover-image"');
      expect(opf).toContain("<dc:subject>slow burn</dc:subject>");
      expect(opf).toContain('<meta property="ficforge:rating">');
    });
  },
  { ai },
);
