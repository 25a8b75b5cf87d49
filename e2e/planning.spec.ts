// Journey: a writer opens the planning board from Marin's pane, has Marin draft the beats of chapter 2, asks for
// another version, steps back to the first and uses it; "What Marin sees" names the board; then 'Write chapter 2
// from its beats' writes the chapter into the editor after chapter 1, with Undo and the chat's note; on a phone the
// board opens from the pane as well (issue 32, section 3).
import { expect, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

test.use({ viewport: DESKTOP });

test("a writer drafts beats for chapter 2 and writes it from them, at 1280 and 390 px", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", {
    data: {
      title: "The Fox of Saltmarsh",
      content: "<h2>Chapter 1: Bells</h2><p>Rain fell on the harbour. Pip slipped past the guards.</p>",
    },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as StoryView;
  const saved = await page.request.put(`/api/stories/${story.id}/plan`, {
    data: {
      braindump: "A thief steals a map from the harbour guild; the guard sent after her falls for her.",
      synopsis: "Pip, a thief, steals the guild's sea map; Ren, the guard sent to catch her, becomes her ally.",
      chapters: [
        { title: "Bells: Pip steals the map", beats: ["Pip slips past the guards."] },
        { title: "The Chase: Ren follows Pip over the rooftops", beats: [] },
        { title: "Harbour: the map's secret", beats: [] },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await givenEarlierChat(page, story.id);
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  await expect(marin.contextLine).toContainText("planning board: synopsis + 1 beat for chapter 1");

  await marin.pane.getByRole("button", { name: "Planning board", exact: true }).click();
  const board = page.getByRole("dialog", { name: "Planning board" });
  const chapter2 = board.getByTestId("plan-chapter-2");
  await expect(chapter2.getByRole("textbox", { name: "Title of chapter 2" })).toHaveValue(/The Chase/);
  await expect(chapter2.getByRole("button", { name: "Write chapter 2 from its beats" })).toBeDisabled();

  // Two versions of the beats (a prompt each), step back to the first and use it.
  await chapter2.getByRole("button", { name: "Beats for chapter 2" }).click();
  const drafts = chapter2.getByTestId("plan-draft");
  await expect(drafts).toContainText("1/1");
  const first = await drafts.getByRole("listitem").allTextContents();
  expect(first.length).toBeGreaterThanOrEqual(4);
  await drafts.getByRole("button", { name: "Another version" }).click();
  await expect(drafts).toContainText("2/2");
  await drafts.getByRole("button", { name: "Previous version" }).click();
  await expect(drafts).toContainText("1/2");
  await expect(drafts.getByRole("listitem")).toHaveText(first);
  await page.screenshot({ path: testInfo.outputPath("planning-versions-1280.png") });
  await drafts.getByRole("button", { name: "Use this" }).click();
  await expect(chapter2.getByRole("textbox", { name: "Beats of chapter 2, one a line" })).toHaveValue(first.join("\n"));
  await expect(board.getByRole("status")).toHaveText("All changes saved");

  // Written from its beats: chapter 2 lands after chapter 1, its first beat first; Undo and the chat's note.
  await chapter2.getByRole("button", { name: "Write chapter 2 from its beats" }).click();
  await expect(board).toBeHidden();
  await expect(marin.assistantMessages.last()).toContainText("as chapter 2 from its beats", { timeout: 30_000 });
  const editor = page.getByRole("textbox", { name: "Story content" });
  const heading = editor.getByRole("heading", { name: /^Chapter 2/ });
  await expect(heading).toBeVisible();
  const text = (await editor.textContent()) ?? "";
  expect(text.indexOf("Chapter 1: Bells")).toBeLessThan(text.indexOf("Chapter 2"));
  expect(text.indexOf("Chapter 2")).toBeLessThan(text.indexOf(first[0]!));
  await expect(marin.tools.getByRole("button", { name: "Undo AI insertion" })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath("planning-written-1280.png") });

  // On a phone: the board from the pane, with chapter 2's beats as kept.
  await resizeTo(page, PHONE);
  await page.getByRole("button", { name: "Show assistant" }).click();
  await marin.pane.getByRole("button", { name: "Planning board", exact: true }).click();
  await expect(chapter2.getByRole("textbox", { name: "Beats of chapter 2, one a line" })).toHaveValue(first.join("\n"));
  await chapter2.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("planning-390.png") });
});
