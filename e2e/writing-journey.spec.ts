// Journey: one writer, one story, start to finish through the UI — wizard, editor, details, publish,
// unpublish, delete — with the server's copy checked at each step.
import { expect, type Page, test } from "@playwright/test";
import { caretAtEnd } from "./support/editor";
import { createVerifiedUser, signIn } from "./support/accounts";
import { makePng } from "./support/images";

async function serverCopy(page: Page, id: string) {
  const response = await page.request.get(`/api/stories/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    content: string;
    title: string;
    setting: string;
    published: boolean;
    tags: string[];
    coverImage: string | null;
  };
}

/** Whether the editor's own selection (TipTap keeps the editor on its element) is at the end of the story. */

test("wizard → editor → autosave → details → publish → unpublish → delete", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page.request));

  await page.getByRole("link", { name: "Create Story" }).first().click();
  await page.getByRole("button", { name: /^Enemies to Lovers/ }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Story Title").fill("Harbour of Rivals");
  await page.getByLabel("Setting", { exact: true }).fill("A harbour town at the edge of the map");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Create Story" }).click();
  // The overlay stays while the opening scene is written.
  await expect(page.getByText("First chapter is being generated...")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/story\/\d+$/, { timeout: 30_000 });
  const id = page.url().match(/story\/(\d+)$/)![1]!;

  // The wizard wrote the opening scene as chapter 1, inside Marin's provenance wrapper.
  const text = page.getByRole("textbox", { name: "Story content" });
  const chapterOne = text.locator('section.chapter[data-chapter="1"] > div.generated-content[data-model]');
  await expect(chapterOne.getByRole("heading", { level: 2 })).toContainText("Chapter 1");
  await expect(page.getByTestId("assistant-pane")).toContainText("I've written the opening scene of");
  expect((await serverCopy(page, id)).content).toMatch(
    /^<section class="chapter" data-chapter="1"><div class="generated-content" data-model="[^"]+" data-generated-at="/,
  );

  // Write on after it and format; the autosave lands without pressing anything.
  await text.click();
  await page.keyboard.press("Control+End");
  // NOTE: the editor takes the caret from the browser's selectionchange event, a moment after the key.
  await expect.poll(() => text.evaluate(caretAtEnd)).toBe(true);
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("Chapter 2");
  await page.keyboard.press("Enter");
  await page.keyboard.type("The bells rang twice. ");
  await page.getByRole("button", { name: "Italic" }).click();
  await page.keyboard.type("Mara counted them.");
  await expect(page.getByTestId("save-status")).toContainText("Saved", { timeout: 15_000 });
  await expect.poll(async () => (await serverCopy(page, id)).content).toContain("<em>Mara counted them.</em>");
  await page.reload();
  await expect(text.locator("h2").filter({ hasText: "Chapter 2" })).toHaveText("Chapter 2");
  await expect(text.locator("em").filter({ hasText: "Mara" })).toHaveText("Mara counted them.");
  await expect(chapterOne.getByRole("heading", { level: 2 })).toContainText("Chapter 1");

  // Details: change the setting, add tags, save, come back to the editor.
  await page.getByRole("button", { name: "Customize" }).click();
  await expect(page.getByRole("heading", { name: "Story Details" })).toBeVisible();
  await page.getByLabel("Setting", { exact: true }).fill("A harbour town in winter");
  const tags = page.getByRole("combobox", { name: "Tags", exact: true });
  await tags.fill("Romance");
  await page.getByRole("option", { name: "Romance", exact: true }).click();
  await tags.press("Escape");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Changes saved")).toBeVisible();
  expect((await serverCopy(page, id)).setting).toBe("A harbour town in winter");
  await page.getByRole("link", { name: "Editor" }).click();
  await expect(text.locator("em").filter({ hasText: "Mara" })).toHaveText("Mara counted them.");

  // Publish with a cover and tags.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
  await dialog.getByLabel("Cover image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await makePng(page, 1200, 800),
  });
  await page.getByRole("dialog", { name: "Crop cover image" }).getByRole("button", { name: "Apply crop" }).click();
  await dialog.getByLabel("Description").fill("Two rival harbour pilots, one winter.");
  await dialog.getByRole("button", { name: "Drama", exact: true }).click();
  await dialog.getByRole("button", { name: "Publish Story" }).click();
  await expect(dialog).toBeHidden();
  const published = await serverCopy(page, id);
  expect(published.published).toBe(true);
  expect(published.coverImage).toMatch(/^\/api\/images\/[0-9a-f]+/);
  expect(published.tags).toEqual(expect.arrayContaining(["Drama"]));

  // Unpublish, then delete it from the dashboard.
  await page.getByRole("button", { name: "Unpublish", exact: true }).click();
  await page.getByRole("dialog", { name: "Unpublish this story?" }).getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  expect((await serverCopy(page, id)).published).toBe(false);

  await page.getByRole("link", { name: "Home" }).first().click();
  await page.getByRole("button", { name: "Delete Harbour of Rivals" }).click();
  await page.getByRole("alertdialog", { name: "Delete this story?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Story deleted")).toBeVisible();
  expect((await page.request.get(`/api/stories/${id}`)).status()).toBe(404);
});
