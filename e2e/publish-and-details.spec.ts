// The publish dialog and the details page at desktop and phone widths: Enter in the tag search picks a tag
// and never publishes, the dialog keeps what was typed while the editor is open, and problems (the
// dialog's own checks and the server's 400 answers) are shown at the field they are about.
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function createStory(page: Page, title: string): Promise<StoryView> {
  const response = await page.request.post("/api/stories", { data: { title, content: "<p>Once.</p>" } });
  expect(response.status()).toBe(201);
  return (await response.json()) as StoryView;
}

async function fetchStory(page: Page, id: number): Promise<StoryView> {
  return (await (await page.request.get(`/api/stories/${id}`)).json()) as StoryView;
}

async function openPublishDialog(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Sends the next write to `url` on with `change` applied, as a client whose checks differ from the server's would.
 * NOTE: reads of the same URL pass untouched: a refetch of the story between two saves took the one alteration once
 * (a CI run: the save it was meant for then went through unaltered).
 */
async function alterNextRequest(page: Page, url: RegExp, change: Record<string, unknown>) {
  let done = false;
  await page.route(url, async (route) => {
    if (done || route.request().postData() === null) return route.fallback();
    done = true;
    const body = { ...route.request().postDataJSON(), ...change };
    await route.continue({ postData: JSON.stringify(body) });
  });
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await signIn(page, await createVerifiedUser(page.request));
    });

    test("Enter in the tag search picks the top tag and does not publish", async ({ page }) => {
      const story = await createStory(page, "Lantern Road");
      await page.goto(`/dashboard/story/${story.id}`);
      const dialog = await openPublishDialog(page);
      await dialog.getByLabel("Description").fill("A lantern, a road, a promise.");
      const search = dialog.getByLabel("Search tags");
      await search.fill("adv");
      await search.press("Enter");
      await expect(dialog.getByTestId("tag-count")).toHaveText("1/5");
      await expect(search).toHaveValue("");
      await search.fill("ro");
      await search.press("Enter");
      await expect(dialog.getByRole("list", { name: "Selected tags" })).toHaveText(/Adventure\s*Romance/);
      // Enter with nothing to pick does nothing either.
      await search.press("Enter");
      await expect(dialog).toBeVisible();
      expect((await fetchStory(page, story.id)).published).toBe(false);

      await dialog.getByRole("button", { name: "Publish Story" }).click();
      await expect(dialog).toBeHidden();
      const published = await fetchStory(page, story.id);
      expect(published.published).toBe(true);
      expect([...published.tags].sort()).toEqual(["Adventure", "Romance"]);
    });

    test("closing the publish dialog keeps the description and tags while the editor is open", async ({ page }) => {
      const story = await createStory(page, "Lantern Road");
      await page.goto(`/dashboard/story/${story.id}`);
      let dialog = await openPublishDialog(page);
      await dialog.getByLabel("Description").fill("A lantern, a road, a promise.");
      await dialog.getByRole("button", { name: "Drama", exact: true }).click();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();

      dialog = await openPublishDialog(page);
      await expect(dialog.getByLabel("Description")).toHaveValue("A lantern, a road, a promise.");
      await expect(dialog.getByTestId("tag-count")).toHaveText("1/5");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // A title changed in the editor meanwhile is taken over; the rest stays as typed.
      await page.getByRole("textbox", { name: "Story title" }).fill("Lantern Road Home");
      dialog = await openPublishDialog(page);
      await expect(dialog.getByLabel("Story Title")).toHaveValue("Lantern Road Home");
      await expect(dialog.getByLabel("Description")).toHaveValue("A lantern, a road, a promise.");
      await expect(dialog.getByRole("list", { name: "Selected tags" })).toHaveText("Drama");
      await page.screenshot({ path: `/tmp/ce/publish-kept-${viewport.width}.png` });

      await dialog.getByRole("button", { name: "Publish Story" }).click();
      await expect(dialog).toBeHidden();
      const published = await fetchStory(page, story.id);
      expect(published.title).toBe("Lantern Road Home");
      expect(published.description).toBe("A lantern, a road, a promise.");
    });

    test("publish problems are shown at their field", async ({ page }) => {
      const story = await createStory(page, "Quiet Harbour");
      await page.goto(`/dashboard/story/${story.id}`);
      const dialog = await openPublishDialog(page);
      const description = dialog.getByLabel("Description");
      await dialog.getByRole("button", { name: "Publish Story" }).click();
      await expect(description).toHaveAttribute("aria-invalid", "true");
      await expect(description).toBeFocused();
      await expect(description).toHaveAccessibleDescription("Please enter a description for your story.");
      await expect(dialog.getByText("Please enter a description for your story.")).toBeVisible();
      await page.screenshot({ path: `/tmp/ce/publish-error-${viewport.width}.png` });
      await description.fill("Two pilots, one winter.");
      await expect(description).not.toHaveAttribute("aria-invalid");

      // The server refuses a title the dialog let through: its message appears under the title.
      await alterNextRequest(page, /\/api\/stories\/\d+\/publish$/, { title: "Quiet <Harbour>" });
      await dialog.getByRole("button", { name: "Publish Story" }).click();
      const title = dialog.getByLabel("Story Title");
      await expect(title).toHaveAttribute("aria-invalid", "true");
      await expect(title).toHaveAccessibleDescription(
        "Story title can only contain letters, numbers, spaces, and basic punctuation",
      );
      await expect(dialog).toBeVisible();
      expect((await fetchStory(page, story.id)).published).toBe(false);
    });

    test("details problems are shown at their field", async ({ page }) => {
      const story = await createStory(page, "Winter Pilots");
      await page.goto(`/dashboard/story/${story.id}/details`);
      const title = page.getByLabel("Story Title");
      await title.fill("");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(title).toHaveAttribute("aria-invalid", "true");
      await expect(title).toHaveAccessibleDescription("Story title is required");
      await title.fill("Winter Pilots");
      await expect(title).not.toHaveAttribute("aria-invalid");

      await alterNextRequest(page, /\/api\/stories\/\d+$/, { setting: "A harbour <town>" });
      await page.getByLabel("Setting", { exact: true }).fill("A harbour town");
      await page.getByRole("button", { name: "Save Changes" }).click();
      const setting = page.getByLabel("Setting", { exact: true });
      await expect(setting).toHaveAttribute("aria-invalid", "true");
      await expect(setting).toHaveAccessibleDescription(
        "Setting can only contain letters, numbers, spaces, line breaks, and basic punctuation",
      );
      await setting.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/ce/details-error-${viewport.width}.png` });
      expect((await fetchStory(page, story.id)).setting).toBeNull();
    });
  });
}
