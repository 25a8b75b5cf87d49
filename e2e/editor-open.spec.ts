// Opening a long story (decision 0047): its stored text is on screen, read-only, while the editor's chunk loads and
// ProseMirror builds the document; the editor then takes its place with the text exactly where it was drawn, and
// nothing in the preview can be used or found in its place.
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { DESKTOP, PHONE } from "./support/viewport";

const paragraphs = Array.from(
  { length: 400 },
  (_, i) => `<p>Paragraph ${i + 1}: the lighthouse keeper counted the ships again, and the sea said nothing.</p>`,
).join("");

/** Holds the editor's chunk back until `release` is called, so the preview stays on screen to be looked at. */
async function holdEditorChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/EditorPage-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const firstParagraphTop = (page: Page, scope: string) =>
  page
    .locator(`${scope} p`)
    .first()
    .evaluate((p) => Math.round(p.getBoundingClientRect().top));

test("a long story shows its text before the editor is ready, in place, at 1280 and 390 px", async ({ page }) => {
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  const created = await page.request.post("/api/stories", { data: { title: "The Lighthouse", content: paragraphs } });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as StoryView;

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const release = await holdEditorChunk(page);
    await page.goto(`/dashboard/story/${story.id}`);

    const preview = page.getByRole("region", { name: "Opening the story" });
    await expect(preview.getByText("Paragraph 1: the lighthouse keeper")).toBeVisible();
    // Nothing to use or find yet: no editor, and the drawn header's controls are hidden and inert.
    await expect(page.locator(".ProseMirror")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Story content" })).toHaveCount(0);
    const drawnAt = await firstParagraphTop(page, ".story-preview");

    release();
    const editor = page.getByRole("textbox", { name: "Story content" });
    // The story goes into the editor a slice at a time (decision 0060): the editor is found only once it holds it all.
    await editor.waitFor();
    expect(await editor.locator("p").count()).toBe(400);
    await expect(editor.getByText("Paragraph 1: the lighthouse keeper")).toBeVisible();
    await expect(preview).toHaveCount(0);
    // The editor's text starts exactly where the preview drew it: nothing jumps as it becomes editable.
    expect(await firstParagraphTop(page, ".ProseMirror")).toBe(drawnAt);
    await expect(editor.locator("p")).toHaveCount(400);

    // And it is the editor: typing saves.
    await editor.getByText("Paragraph 1: the lighthouse keeper").click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type(`At ${viewport.width} px. `);
    await page.keyboard.press("Control+s");
    await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
    await page.unroute(/\/assets\/EditorPage-[^/]+\.js$/);
  }

  const saved = (await (await page.request.get(`/api/stories/${story.id}`)).json()) as StoryView;
  expect(saved.content.slice(0, 50)).toBe("<p>At 390 px. At 1280 px. Paragraph 1: the lightho");
  expect(saved.wordCount).toBeGreaterThan(5000);
});
