// AI labels and the reader's AI filter (issue 29), at 1280 and 390 px: a writer lets Marin (the offline model) write
// a story's opening scene, opens Publish and is told how much Marin wrote and the label before publishing; a reader
// sees the label on the work's card, sets 'Only human-written works' in Settings, and then no longer meets that work
// in Discover, on its tag page or on the author page, while the same author's human-written work stays.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { marinPane } from "./support/marin";
import { DESKTOP, PHONE } from "./support/viewport";

const SHOTS = process.env.AI_LABEL_SHOTS;
const LABEL_SENTENCE = /^Marin wrote (\d+)% of this work; it will be labelled (AI-assisted|AI-generated)$/;

async function createStory(page: Page, data: Record<string, unknown>): Promise<StoryView> {
  const response = await page.request.post("/api/stories", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoryView;
}

async function fetchStory(page: Page, id: number): Promise<StoryView> {
  return (await (await page.request.get(`/api/stories/${id}`)).json()) as StoryView;
}

/** The writer's two works share a free-form tag: one Marin wrote (published in the editor), one the writer wrote. */
async function writerPublishes(page: Page, word: string, shot: (name: string) => Promise<void>) {
  const tag = `Tidewatch ${word}`;
  const human = `Handwritten ${word}`;
  const made = await createStory(page, { title: human, content: "<p>I wrote every word of this myself.</p>" });
  const published = await page.request.post(`/api/stories/${made.id}/publish`, {
    data: { title: human, description: "A keeper's own log.", freeformTags: [tag] },
  });
  expect(published.status(), await published.text()).toBe(200);

  // An empty story (the editor's placeholder): Marin writes its opening scene as the editor opens.
  const marinTitle = `Marin Tide ${word}`;
  const story = await createStory(page, {
    title: marinTitle,
    content: "<p>Start writing your story here...</p>",
    setting: "A lighthouse on a storm coast",
  });
  const tagged = await page.request.patch(`/api/stories/${story.id}`, { data: { freeformTags: [tag] } });
  expect(tagged.status(), await tagged.text()).toBe(200);
  await page.goto(`/dashboard/story/${story.id}`);
  const editorText = page.getByRole("textbox", { name: "Story content" });
  await expect(editorText.locator('div.generated-content[data-model="Offline storyteller"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(marinPane(page).stop).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => (await fetchStory(page, story.id)).aiShare, { timeout: 15_000 }).toBeGreaterThan(0);

  // Before publishing: the measured share and the label, and no declaration below it.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
  const sentence = dialog.getByTestId("ai-label-sentence");
  await expect(sentence.locator("span").first()).toHaveText(LABEL_SENTENCE);
  const [, percent, label] = (await sentence.locator("span").first().textContent())!.match(LABEL_SENTENCE)!;
  expect(Number(percent)).toBeGreaterThan(0);
  await expect(dialog.getByRole("link", { name: "How is this measured?" })).toHaveAttribute("href", "/about/ai");
  const declaration = dialog.getByRole("group", { name: "AI from other tools" });
  await expect(declaration.getByRole("radio", { name: "None" })).toBeDisabled();
  await expect(declaration.getByRole("radio", { name: label! })).toBeChecked();
  await dialog.getByLabel("Description").fill("The lamp, the storm, the keeper.");
  await sentence.scrollIntoViewIfNeeded();
  await shot("publish-dialog");
  await dialog.getByRole("button", { name: "Publish Story" }).click();
  await expect(dialog).toBeHidden();
  const after = await fetchStory(page, story.id);
  expect(after.published).toBe(true);
  expect(after.aiLabel).toBe(label === "AI-generated" ? "generated" : "assisted");
  return { tag, human, marinTitle, label: label! };
}

async function readerPage(browser: Browser, baseURL: string, viewport: typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, await createVerifiedUser(page.request));
  return page;
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px: the label before publishing, and 'Only human-written works' hides the work everywhere`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const shot = async (on: Page, name: string) => {
      if (SHOTS) await on.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png` });
    };
    const writer: TestUser = await createVerifiedUser(page.request);
    await signIn(page, writer);
    const word = `w${randomBytes(3).toString("hex")}`;
    const works = await writerPublishes(page, word, (name) => shot(page, name));

    const reader = await readerPage(browser, baseURL!, viewport);
    const cards = reader.getByTestId("discover-results").getByTestId("discover-story");
    const marinCard = cards.filter({ hasText: works.marinTitle });
    const humanCard = cards.filter({ hasText: works.human });

    // Before: both works, the one Marin wrote badged with its label, the other with none.
    await reader.goto(`/dashboard/discover?q=${word}`);
    await expect(marinCard.getByTestId("ai-badge")).toContainText(works.label);
    await expect(humanCard).toHaveCount(1);
    await expect(humanCard.getByTestId("ai-badge")).toHaveCount(0);
    await shot(reader, "discover-badges");

    // Settings: 'Only human-written works', confirmed.
    await reader.goto("/dashboard/settings");
    const choice = reader.getByRole("radio", { name: "Only human-written works" });
    await reader.getByText("Only human-written works", { exact: true }).click();
    await expect(reader.getByText("Reading preferences saved")).toBeVisible();
    await expect(choice).toBeChecked();
    await reader.getByTestId("reading-preferences").scrollIntoViewIfNeeded();
    await shot(reader, "settings-reading");

    // Discover applies it (the filter says so), and the human-written work stays.
    await reader.goto(`/dashboard/discover?q=${word}`);
    await expect(humanCard).toHaveCount(1);
    await expect(marinCard).toHaveCount(0);
    await expect(reader.getByRole("button", { name: "Remove filter Only human-written" })).toBeVisible();
    await expect(reader.getByTestId("hidden-by-ai")).toHaveText(/^\d+ works? hidden by your AI filter — show$/);
    await shot(reader, "discover-filtered");

    // The tag page and the author page, rendered by the server, apply it too.
    for (const path of [`/t/${encodeURIComponent(works.tag)}`, `/u/${encodeURIComponent(writer.username)}`]) {
      await reader.goto(path);
      await expect(reader.getByText(works.human, { exact: true })).toBeVisible();
      await expect(reader.getByText(works.marinTitle, { exact: true })).toHaveCount(0);
    }
    await reader.context().close();
  });
}
