// Issue 7: the editor's title and the publish dialog's title drop disallowed characters as the spec says, and
// now say so with the same hint as the wizard, without pushing the editor header's buttons off a phone screen.
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const TYPED = "Part 1: Dawn & (Dusk)";
const KEPT = "Part 1 Dawn  Dusk";
const ALLOWED = "Only letters, numbers, spaces and - _ . , ' ! ? are allowed.";

async function openNewStory(page: Page) {
  await signIn(page, await createVerifiedUser(page.request));
  const response = await page.request.post("/api/stories", { data: { title: "Hints", content: "<p>Rain.</p>" } });
  expect(response.status()).toBe(201);
  const story = (await response.json()) as StoryView;
  await page.goto(`/dashboard/story/${story.id}`);
  await expect(page.getByRole("textbox", { name: "Story content" })).toBeVisible();
}

/** The hint is the field's description while shown, so a screen reader reads it with the field. */
async function expectHint(field: Locator, text: string) {
  const hint = field.page().getByText(text);
  await expect(hint).toBeVisible();
  await expect(hint).toHaveAttribute("aria-live", "polite");
  await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return hint;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not laid out");
  return b;
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the editor title says which characters it left out", async ({ page }) => {
      await openNewStory(page);
      const header = page.getByRole("region", { name: "Story editor" }).locator("header");
      const title = header.getByRole("textbox", { name: "Story title", exact: true });
      const saveButton = header.getByRole("button", { name: "Save", exact: true });
      const buttonsBefore = await box(saveButton);

      await title.fill("");
      await title.pressSequentially(TYPED);
      await expect(title).toHaveValue(KEPT);
      const hint = await expectHint(title, `Left out “)”. ${ALLOWED}`);

      // The hint sits under the title, inside the page's width, and the actions stay where a thumb finds them.
      const titleBox = await box(title);
      const hintBox = await box(hint);
      const buttons = await box(saveButton);
      expect(hintBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
      expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(viewport.width);
      expect(buttons.y).toBeGreaterThanOrEqual(hintBox.y + hintBox.height - 1);
      expect(buttons.y - buttonsBefore.y).toBeLessThanOrEqual(hintBox.height * 2 + 8);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Save, Customize, Feedback, History, Publish and the assistant: all on screen beside the long title.
      await expect(header.getByRole("button")).toHaveCount(6);
      for (const button of await header.getByRole("button").all()) await expect(button).toBeInViewport();
      await page.screenshot({ path: `test-results/editor-title-hint-${viewport.width}.png` });

      // A paste that drops several names the first few.
      await title.fill(TYPED);
      await expect(title).toHaveValue(KEPT);
      await expectHint(title, `Left out “:” “&” “(” and more. ${ALLOWED}`);
      // A keystroke that drops nothing clears it.
      await title.press("End");
      await title.pressSequentially("s");
      await expect(title).toHaveValue(`${KEPT}s`);
      await expect(hint).toBeHidden();
      await expect(header.getByText(/Left out/)).toHaveCount(0);
    });

    test("the publish dialog's title says which characters it left out", async ({ page }) => {
      await openNewStory(page);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
      await expect(dialog).toBeVisible();
      const title = dialog.getByLabel("Story Title");
      await title.fill("");
      await title.pressSequentially(TYPED);
      await expect(title).toHaveValue(KEPT);
      const hint = await expectHint(title, `Left out “)”. ${ALLOWED}`);
      await expect(hint).toBeInViewport();
      await page.screenshot({ path: `test-results/publish-title-hint-${viewport.width}.png` });
      await title.pressSequentially("!");
      await expect(title).toHaveValue(`${KEPT}!`);
      await expect(hint).toBeHidden();
    });
  });
}
