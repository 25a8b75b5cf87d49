// Issue 27 §1: the writer's own story says where readers find it (its public page, none for a draft or a mature
// story), and a published story's description can be edited after publishing, by the rule publishing applies.
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("the owner's story: public page and description", (ctx) => {
  async function ownStory(title: string) {
    const { db } = ctx().database;
    const session = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const story = await createStory(db, { authorId: session.user.id, title, content: "<p>Words here.</p>" });
    return { ...session, story };
  }
  const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, body?: unknown) =>
    send(ctx().app, method, url, body, { cookie });

  it("names the public page of a published story, and none for a draft or a mature one", async () => {
    const { story, cookie } = await ownStory("Lantern Road");
    expect((await call("GET", `/api/stories/${story.id}`, cookie)).json().publicPath).toBeNull();
    const published = await call("POST", `/api/stories/${story.id}/publish`, cookie, {
      title: "Lantern Road",
      description: "Lanterns.",
    });
    expect(published.json().publicPath).toBe(`/s/${story.id}-lantern-road`);
    expect((await send(ctx().app, "GET", `/s/${story.id}-lantern-road`)).statusCode).toBe(200);

    const mature = await ownStory("Night Garden");
    const answer = await call("POST", `/api/stories/${mature.story.id}/publish`, mature.cookie, {
      title: "Night Garden",
      description: "After dark.",
      markedMature: true,
    });
    expect(answer.json()).toMatchObject({ published: true, publicPath: null });
    expect((await send(ctx().app, "GET", `/s/${mature.story.id}-night-garden`)).statusCode).toBe(404);
  });

  it("edits a published story's description, and refuses to empty it as publishing would", async () => {
    const { story, cookie } = await ownStory("Harbour");
    await call("POST", `/api/stories/${story.id}/publish`, cookie, { title: "Harbour", description: "Rain." });
    const emptied = await call("PATCH", `/api/stories/${story.id}`, cookie, { description: "   " });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toMatchObject({
      message: "Description required",
      fields: { description: "Description required" },
    });
    const edited = await call("PATCH", `/api/stories/${story.id}`, cookie, { description: "  Rain on the harbour. " });
    expect(edited.json().description).toBe("Rain on the harbour.");
    expect((await send(ctx().app, "GET", `/api/stories/${story.id}/read`)).json().description).toBe(
      "Rain on the harbour.",
    );
  });
});
