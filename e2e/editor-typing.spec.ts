// Writing in the editor at desktop and phone widths: the empty story's placeholder, the word count, scene
// breaks typed or pasted becoming dividers, Backspace undoing automatic formatting, and buttons whose names
// can be seen without a mouse.
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { caretAtEnd } from "./support/editor";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";
import { givenEarlierChat } from "./support/marin";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function openNewStory(page: Page, content = ""): Promise<StoryView> {
  await signIn(page, await createVerifiedUser(page.request));
  const response = await page.request.post("/api/stories", { data: { title: "Scene Breaks", content } });
  expect(response.status()).toBe(201);
  const story = (await response.json()) as StoryView;
  // Marin has been talked to about this story, so an empty one stays empty (no opening scene).
  await givenEarlierChat(page, story.id);
  await page.goto(`/dashboard/story/${story.id}`);
  await expect(storyText(page)).toBeVisible();
  return story;
}

const storyText = (page: Page) => page.getByRole("textbox", { name: "Story content" });
const wordCount = (page: Page) => page.getByTestId("word-count");
const actions = (page: Page) =>
  page.getByRole("region", { name: "Story editor" }).locator("header").getByRole("button");

/** The saved content; the server's sanitizer writes a divider as `<hr />`. */
async function serverContent(page: Page, id: number): Promise<string> {
  const response = await page.request.get(`/api/stories/${id}`);
  return ((await response.json()) as StoryView).content.replaceAll("<hr />", "<hr>");
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an empty story shows the placeholder, and the word count follows the typing", async ({ page }) => {
      await openNewStory(page);
      const empty = storyText(page).locator("p.is-editor-empty");
      await expect(empty).toHaveAttribute("data-placeholder", "Start writing your story here...");
      const shown = await empty.evaluate((el) => getComputedStyle(el, "::before").content);
      expect(shown).toBe('"Start writing your story here..."');
      await expect(wordCount(page)).toHaveText("0 words");
      await page.screenshot({ path: `/tmp/ce/typing-empty-${viewport.width}.png` });

      await storyText(page).click();
      await page.keyboard.type("The door");
      await expect(wordCount(page)).toHaveText("2 words");
      await expect(storyText(page).locator("p.is-editor-empty")).toHaveCount(0);
      await page.keyboard.type(" closed. Rain.");
      await expect(wordCount(page)).toHaveText("4 words");
      // Beside the save state.
      const row = (id: string) =>
        page.getByTestId(id).evaluate((el) => {
          const box = el.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        });
      expect(Math.abs((await row("word-count")) - (await row("save-status")))).toBeLessThanOrEqual(2);
    });

    test("scene breaks become dividers, and Backspace right after automatic formatting restores it", async ({
      page,
    }) => {
      const story = await openNewStory(page);
      await storyText(page).click();
      await page.keyboard.type("The door closed.");
      await page.keyboard.press("Enter");
      await page.keyboard.type("* * *");
      // The first '* ' used to start a bullet list.
      await expect(storyText(page).locator("ul")).toHaveCount(0);
      await page.keyboard.press("Enter");
      await page.keyboard.type("Morning came.");
      const divider = storyText(page).locator("hr");
      await expect(divider).toHaveCount(1);
      await expect(wordCount(page)).toHaveText("5 words");
      // Drawn as a centred row of asterisks.
      const look = await divider.evaluate((el) => ({
        align: getComputedStyle(el).textAlign,
        mark: getComputedStyle(el, "::after").content,
      }));
      expect(look).toEqual({ align: "center", mark: '"* * *"' });

      // '#' alone, then Enter: a divider; Backspace right away gives the '#' back.
      await page.keyboard.press("Enter");
      await page.keyboard.type("#");
      await page.keyboard.press("Enter");
      await expect(divider).toHaveCount(2);
      await page.keyboard.press("Backspace");
      await expect(divider).toHaveCount(1);
      await expect(storyText(page).locator("p").filter({ hasText: /^#$/ })).toHaveCount(1);
      // A list from '- ' at the end of the story, and Backspace gives back the '- '.
      await page.keyboard.type("- ");
      await expect(storyText(page).locator("ul")).toHaveCount(1);
      await page.keyboard.press("Backspace");
      await expect(storyText(page).locator("ul")).toHaveCount(0);
      await page.keyboard.type("after");
      await expect(
        storyText(page)
          .locator("p")
          .filter({ hasText: /^- after$/ }),
      ).toHaveCount(1);
      await page.screenshot({ path: `/tmp/ce/typing-written-${viewport.width}.png` });

      await page.keyboard.press("Control+s");
      await expect(page.getByTestId("save-status")).toContainText("Saved");
      await expect
        .poll(() => serverContent(page, story.id))
        .toBe("<p>The door closed.</p><hr><p>Morning came.</p><p>#</p><p>- after</p>");
    });

    test("pasted text with scene-break lines gets dividers", async ({ page }) => {
      const story = await openNewStory(page, "<p>Before.</p>");
      // NOTE: click the loaded paragraph itself, so the caret cannot land in the editor before its content does.
      await storyText(page).locator("p", { hasText: "Before." }).click();
      await page.keyboard.press("Control+End");
      // NOTE: the editor takes the caret from the browser's selectionchange event, a moment after the key.
      await expect.poll(() => storyText(page).evaluate(caretAtEnd)).toBe(true);
      await page.keyboard.press("Enter");
      await expect(storyText(page).locator("p")).toHaveCount(2);
      await expect(storyText(page).locator("p").first()).toHaveText("Before.");
      await storyText(page).evaluate((el) => {
        const data = new DataTransfer();
        data.setData("text/plain", "Night fell.\n* * *\nDay broke.\n~~~\nNoon.");
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(storyText(page).locator("hr")).toHaveCount(2);
      await page.keyboard.press("Control+s");
      await expect
        .poll(() => serverContent(page, story.id))
        .toBe("<p>Before.</p><p>Night fell.</p><hr><p>Day broke.</p><hr><p>Noon.</p>");
    });
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every editor button shows its name, which is also its accessible name", async ({ page }) => {
    await openNewStory(page);
    const buttons = [
      ...(await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button").all()),
      ...(await actions(page).all()),
    ];
    // 6 actions (Save, Customize, Feedback, History, Publish, the assistant), the formatting buttons and Focus mode.
    expect(buttons.length).toBe(18);
    for (const button of buttons) {
      const { shown, right } = await button.evaluate((el) => ({
        // biome-ignore lint/performance/useDomNodeTextContent: only the rendered text counts (not display: none)
        shown: (el as HTMLElement).innerText.trim(),
        right: el.getBoundingClientRect().right,
      }));
      const name = (await button.getAttribute("aria-label")) ?? shown;
      expect(shown, `visible label of ${name}`).not.toBe("");
      expect(name.toLowerCase()).toContain(shown.toLowerCase());
      expect(right).toBeLessThanOrEqual(390);
    }
    // The four story actions fit on one row.
    const tops = await actions(page).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });
});

test("at 1280 px the formatting buttons have tooltips; narrowed to a phone, the editor shows the story", async ({
  page,
}) => {
  await openNewStory(page);
  await page.getByRole("button", { name: "Numbered list" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Numbered list");
  // Both panes side by side at 1280 px; a window narrowed to a phone's width shows the story, as a phone opens it,
  // and widening it again brings the assistant back beside it.
  const assistant = page.getByRole("complementary", { name: "Assistant" });
  await expect(assistant).toBeVisible();
  await resizeTo(page, PHONE);
  await expect(storyText(page)).toBeVisible();
  await expect(assistant).toBeHidden();
  await expect(page.getByRole("button", { name: "Show assistant" })).toBeVisible();
  await resizeTo(page, DESKTOP);
  await expect(assistant).toBeVisible();
  await expect(storyText(page)).toBeVisible();
});
