// What the API fuzzing stage found (issue 34), each kept here as an ordinary regression test: the request it shrank
// to, and the answer the document promises instead of the 500 it got.
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("the fuzzing stage's findings", (ctx) => {
  const signedIn = async () => (await createVerifiedUserWithSession(ctx().database.db)).headers;

  it("an id past the database's integer range is refused as a bad request, not looked up", async () => {
    const { app } = ctx();
    const headers = await signedIn();
    // Each answered 500: PostgreSQL refused the value ("out of range for type integer").
    const chat = await send(
      app,
      "POST",
      "/api/chat-with-marin",
      {
        storyId: 2_147_483_648,
        messages: [{ role: "user", content: "" }],
      },
      headers,
    );
    expect(chat.statusCode).toBe(400);
    const notifications = await send(app, "GET", "/api/notifications?cursor=5000000000", undefined, headers);
    expect(notifications.statusCode).toBe(400);
    expect(notifications.json().message).toBe("Invalid cursor");
    const appeal = await send(app, "POST", "/api/appeals", { auditId: 2_147_483_648, text: "\u0001" }, headers);
    expect(appeal.statusCode).toBe(400);
    const versions = await send(app, "GET", "/api/stories/1/versions?before=2147483648", undefined, headers);
    expect(versions.statusCode).toBe(400);
  });

  it("keeps a subnormal reading position instead of failing on the database's real column", async () => {
    const { app, database } = ctx();
    const headers = await signedIn();
    const story = await createStory(database.db, { published: true, publishedAt: new Date() });
    const saved = await send(
      app,
      "PUT",
      `/api/stories/${story.id}/progress`,
      { chapter: 1, position: 0, overall: 5e-324 },
      headers,
    );
    expect(saved.statusCode).toBeLessThan(300);
  });

  it("documents a JSON file download as a JSON object, as it answers", async () => {
    // The lorebook export answered a SillyTavern object where the document promised a string.
    const document = JSON.parse(ctx().app.openApiJson());
    const answer = document.paths["/api/stories/{id}/lore/export"].get.responses["200"];
    expect(answer.content["application/json"].schema.type).toBe("object");
  });
});
