// Journey: a writer rewrites a paragraph with Marin, keeps typing elsewhere, lets it autosave, and takes the rewrite
// back with the pane's Undo (issue 16): the original paragraph returns exactly, their own typing stays, and the
// save follows. "What Marin sees" counts the words as they are after each change.
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";

const PARAGRAPHS = [
  "The ferry was late again, and Mia counted the gulls on the pier while the fog rolled in from the sea.",
  "Pip leaned on the railing and complained about the weather, the fares, the captain and the smell of the nets.",
  "When the horn finally sounded, neither of them moved, because neither wanted to be the first to admit they cared.",
];

async function serverContent(page: Page, id: number): Promise<string> {
  const response = await page.request.get(`/api/stories/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as StoryView).content;
}

test.use({ viewport: { width: 1280, height: 800 } });

test("the pane's Undo after a rewrite brings the paragraph back, after typing elsewhere and an autosave", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", {
    data: { title: "Fog Ferry", content: PARAGRAPHS.map((p) => `<p>${p}</p>`).join("") },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as StoryView;
  await givenEarlierChat(page, story.id);
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  const text = page.getByRole("textbox", { name: "Story content" });
  const wordCount = page.getByTestId("word-count");
  await expect(text).toContainText(PARAGRAPHS[2]!);
  const wordsBefore = await wordCount.innerText();
  await expect(marin.contextLine).toContainText("all 61 words");

  // Rewrite the middle paragraph 'shorter', selected the way a writer does: a triple click.
  await text.locator("p").nth(1).click({ clickCount: 3 });
  await marin.tools.getByRole("button", { name: "Rewrite", exact: true }).click();
  await marin.pane.getByRole("textbox", { name: "Rewrite instruction" }).fill("shorter");
  await marin.pane.getByRole("button", { name: "Rewrite selection" }).click();
  await expect(marin.assistantMessages.last()).toContainText("Rewrote the selection.", { timeout: 30_000 });
  await expect(text).not.toContainText(PARAGRAPHS[1]!);
  await expect(text.locator("div.generated-content")).toHaveCount(1);
  await expect(marin.contextLine).not.toContainText("all 61 words");

  // The writer types at the end of the first paragraph, and the autosave stores it with the rewrite.
  await text.locator("p").first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Typical.");
  await expect.poll(() => serverContent(page, story.id), { timeout: 15_000 }).toContain("Typical.");

  // The pane's Undo: the paragraph comes back exactly, the writer's typing stays, and the save follows.
  await marin.tools.getByRole("button", { name: "Undo" }).click();
  await expect(text.locator("div.generated-content")).toHaveCount(0);
  const expected = [`${PARAGRAPHS[0]} Typical.`, PARAGRAPHS[1], PARAGRAPHS[2]].map((p) => `<p>${p}</p>`).join("");
  await expect.poll(() => text.evaluate((el) => el.innerHTML.replace(/<p><br[^>]*><\/p>$/, ""))).toBe(expected);
  await expect(wordCount).not.toHaveText(wordsBefore);
  await expect.poll(() => serverContent(page, story.id), { timeout: 15_000 }).toBe(expected);
  await expect(marin.contextLine).toContainText("all 62 words");

  // Ctrl+Z takes the Undo back: the rewrite again.
  await text.focus();
  await page.keyboard.press("Control+z");
  await expect(text.locator("div.generated-content")).toHaveCount(1);
  await expect(text).not.toContainText(PARAGRAPHS[1]!);
});
