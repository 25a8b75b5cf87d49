// Journey (issue 32, section 1): a writer asks for three versions of a continuation, steps between them in place in
// the story (no network on a step), and on a phone keeps the second: the text holds only the second, and the pane's
// Undo takes it out like any of Marin's insertions. Then, with a friend's bonus prompts, 'Another version' of an
// earlier chat answer, stepped back on the phone and forward at 1280 px; the server keeps each choice.
import { expect, test } from "@playwright/test";
import type { StoredChat } from "../src/shared/schemas/marin-chat";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, newUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const OPENING = "The lighthouse keeper counted the ships until the fog swallowed the last of them.";

test.use({ viewport: DESKTOP });

test("a writer asks for three versions of a continuation, steps between them and keeps the second", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", {
    data: { title: "Fog Light", content: `<p>${OPENING}</p>` },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as StoryView;
  await givenEarlierChat(page, story.id);
  // An earlier question and Marin's answer, kept on the server as the chat route keeps them.
  const ANSWER = "Old Tam has kept the light since the storm.";
  for (const [role, content] of [
    ["user", "Who keeps the lighthouse?"],
    ["assistant", ANSWER],
  ] as const) {
    const kept = await page.request.post(`/api/stories/${story.id}/chat`, { data: { role, content, note: false } });
    expect(kept.status()).toBe(201);
  }
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  const text = page.getByRole("textbox", { name: "Story content" });
  const inserted = text.locator("div.generated-content");
  const versions = marin.pane.getByRole("group", { name: "Versions of Marin's text" });
  await expect(text).toContainText(OPENING);

  // A continuation, then two more versions of it: each lands in the same place, the one before steps aside.
  await text.locator("p").first().click();
  await page.keyboard.press("End");
  await marin.tools.getByRole("button", { name: "Continue" }).click();
  await expect(marin.assistantMessages.last()).toContainText("Continued the story", { timeout: 30_000 });
  const texts = [(await inserted.textContent()) ?? ""];
  for (const n of [2, 3]) {
    await versions.getByRole("button", { name: "Another version" }).click();
    await expect(versions).toContainText(`${n}/${n}`, { timeout: 30_000 });
    await expect(inserted).toHaveCount(1);
    texts.push((await inserted.textContent()) ?? "");
  }
  expect(new Set(texts).size).toBe(3);
  await expect(marin.counter).toContainText("0");

  // Stepping swaps the text in place, with no request to Marin.
  const marinCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/generate-content")) marinCalls.push(request.url());
  });
  await versions.getByRole("button", { name: "Previous version" }).click();
  await expect(versions).toContainText("2/3");
  await expect(inserted).toHaveText(texts[1]!);
  await versions.getByRole("button", { name: "Previous version" }).click();
  await expect(inserted).toHaveText(texts[0]!);
  await expect(versions.getByRole("button", { name: "Previous version" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("versions-1280.png") });

  // On a phone: the same controls in the assistant; the writer keeps the second.
  await resizeTo(page, PHONE);
  await page.getByRole("button", { name: "Show assistant" }).click();
  await versions.getByRole("button", { name: "Next version" }).click();
  await expect(versions).toContainText("2/3");
  await page.screenshot({ path: testInfo.outputPath("versions-390.png") });
  await versions.getByRole("button", { name: "Keep this one" }).click();
  await expect(versions).toHaveCount(0);
  expect(marinCalls).toEqual([]);
  await page.getByRole("button", { name: "Back to the story" }).click();
  await expect(inserted).toHaveCount(1);
  await expect(inserted).toHaveText(texts[1]!);
  for (const other of [texts[0]!, texts[2]!]) await expect(text).not.toContainText(other);
  // The autosave stores the kept version only.
  const savedText = async () => {
    const { content } = (await (await page.request.get(`/api/stories/${story.id}`)).json()) as StoryView;
    return page.evaluate((html) => new DOMParser().parseFromString(html, "text/html").body.textContent ?? "", content);
  };
  await expect.poll(savedText, { timeout: 15_000 }).toContain(texts[1]!);
  expect(await savedText()).not.toContain(texts[2]!);

  // The pane's Undo takes the kept version out: the story is as it was.
  await page.getByRole("button", { name: "Show assistant" }).click();
  await marin.tools.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Back to the story" }).click();
  await expect(text).toContainText(OPENING);
  await expect(inserted).toHaveCount(0);
  await expect(text).not.toContainText(texts[1]!);

  // A friend signs up with the writer's link: three bonus prompts. 'Another version' of the earlier chat answer.
  const { code } = (await (await page.request.get("/api/referral")).json()) as { code: string };
  await createVerifiedUser(request, { ...newUser(), ref: code } as ReturnType<typeof newUser>);
  await page.reload();
  await page.getByRole("button", { name: "Show assistant" }).click();
  await expect(marin.assistantMessages.filter({ hasText: ANSWER })).toHaveCount(1);
  const at = await marin.assistantMessages.evaluateAll(
    (items, text) => items.findIndex((item) => item.textContent?.includes(text)),
    ANSWER,
  );
  const reply = marin.assistantMessages.nth(at);
  await reply.getByRole("button", { name: "Another version" }).click();
  await expect(reply).toContainText("Version 2 of 2", { timeout: 30_000 });
  await expect(reply).not.toContainText(ANSWER);
  const second = (await reply.textContent()) ?? "";
  await reply.getByRole("button", { name: "Previous version" }).click();
  await expect(reply).toContainText(ANSWER);
  await expect(reply).toContainText("Version 1 of 2");
  await page.screenshot({ path: testInfo.outputPath("chat-versions-390.png") });
  // A second browser (the API here) sees the same choice.
  const chosen = async () => {
    const chat = (await (await page.request.get(`/api/stories/${story.id}/chat`)).json()) as StoredChat;
    const kept = chat.messages.find((m) => m.versions?.includes(ANSWER));
    return kept ? `${kept.chosen}/${kept.versions?.length}` : null;
  };
  await expect.poll(chosen).toBe("0/2");

  await resizeTo(page, DESKTOP);
  await reply.getByRole("button", { name: "Next version" }).click();
  await expect(reply).toContainText("Version 2 of 2");
  await expect(reply).not.toContainText(ANSWER);
  await expect(reply).toHaveText(second);
  await reply.getByRole("button", { name: "Next version" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("chat-versions-1280.png") });
  await expect.poll(chosen).toBe("1/2");
});
