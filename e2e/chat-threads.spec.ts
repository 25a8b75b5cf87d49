// Journey: a writer branches Marin's chat from an earlier message, talks on in the branch and renames it, then finds
// both threads and their messages on a second browser, at 1280 and then 390 px (issue 32, section 1).
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { marinPane } from "./support/marin";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

test.use({ viewport: DESKTOP });

const TURNS = [
  ["user", "Who guards the harbour?"],
  ["assistant", "Captain Vell and two bored cadets."],
  ["user", "What does Pip want?"],
  ["assistant", "The brass key, and a way out of Saltmarsh."],
] as const;

const threadMenu = (page: Page, name: string) =>
  marinPane(page).pane.getByRole("button", { name: `Chat thread: ${name}` });

test("a writer branches a chat and finds both threads on a second browser, at 1280 and 390 px", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const writer = await createVerifiedUser(page.request);
  await signIn(page, writer);
  const created = await page.request.post("/api/stories", {
    data: { title: "Saltmarsh", content: "<p>Rain fell on the harbour. Pip slipped past the guards.</p>" },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as StoryView;
  for (const [role, content] of TURNS) {
    const kept = await page.request.post(`/api/stories/${story.id}/chat`, { data: { role, content, note: false } });
    expect(kept.status()).toBe(201);
  }
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  await expect(marin.assistantMessages.last()).toContainText("a way out of Saltmarsh");
  await expect(threadMenu(page, "Main")).toBeVisible();

  // 'Branch from here' on Marin's first answer: the new thread holds the chat up to it.
  await marin.pane.getByRole("button", { name: "Branch from here" }).nth(1).click();
  await expect(threadMenu(page, "Branch 2")).toBeVisible();
  await expect(marin.userMessages).toHaveCount(1);
  await expect(marin.assistantMessages.last()).toContainText("two bored cadets");
  await marin.input.fill("What if the cadets are spies?");
  await marin.send.click();
  await expect(marin.assistantMessages).toHaveCount(2);
  await expect(marin.stop).toBeHidden();

  await threadMenu(page, "Branch 2").click();
  await page.getByRole("menuitem", { name: "Rename thread" }).click();
  const rename = page.getByRole("dialog", { name: "Rename thread" });
  await rename.getByRole("textbox", { name: "Thread name" }).fill("Spy plot");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(threadMenu(page, "Spy plot")).toBeVisible();
  await threadMenu(page, "Spy plot").click();
  await expect(page.getByRole("menuitem", { name: /Main/ })).toContainText("4 messages");
  await page.screenshot({ path: testInfo.outputPath("thread-menu-1280.png") });
  await page.keyboard.press("Escape");

  // A second browser signed in as the same writer sees the same tree, and each thread's own messages.
  const other = await browser.newContext({ baseURL, viewport: DESKTOP });
  const second = await other.newPage();
  await signIn(second, writer);
  await second.goto(`/dashboard/story/${story.id}`);
  const there = marinPane(second);
  await expect(there.assistantMessages.last()).toContainText("a way out of Saltmarsh");
  await threadMenu(second, "Main").click();
  await expect(second.getByRole("menuitem")).toContainText(["Main", "Spy plot", "New branch"]);
  await second.getByRole("menuitem", { name: /Spy plot/ }).click();
  await expect(there.userMessages.last()).toContainText("What if the cadets are spies?");
  await expect(there.userMessages).toHaveCount(2);

  // On a phone: the assistant, the thread menu, back to the main thread.
  await resizeTo(second, PHONE);
  await second.getByRole("button", { name: "Show assistant" }).click();
  await threadMenu(second, "Spy plot").click();
  await second.screenshot({ path: testInfo.outputPath("thread-menu-390.png") });
  await second.getByRole("menuitem", { name: /Main/ }).click();
  await expect(there.userMessages).toHaveCount(2);
  await expect(there.assistantMessages.last()).toContainText("a way out of Saltmarsh");
  await expect(there.pane.getByRole("button", { name: "Branch from here" }).first()).toBeVisible();
  await second.screenshot({ path: testInfo.outputPath("thread-main-390.png") });
  await other.close();
});
