// Bookmarks that say something and Mark for Later (issue 30, section 4), at 1280 then 390 px: a reader bookmarks a
// work, adds a note, tags and a rec in the reader; Saved Stories shows them and filters by tag; the note shows on the
// reader's public bookmarks and on the work's 'Bookmarks of this work', reached from the work's page; a work marked
// for later waits on History until 'Mark as read'. With screenshots.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const word = () => randomBytes(3).toString("hex");

async function signedInPage(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; user: TestUser }> {
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  return { page, user };
}

test("a reader bookmarks with a note and a rec that shows on their public bookmarks; Mark for Later waits on History", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const author = await signedInPage(browser, baseURL);
  const { page, user } = await signedInPage(browser, baseURL);
  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(page, viewport);
    const title = `Lantern Road ${word()}`;
    const id = await publishStory(author.page.request, {
      title,
      content: "<p>The lanterns were lit one by one.</p>",
      description: "A road at dusk.",
    });
    const note = `The lantern scene, again and again ${word()}.`;

    // The reader: bookmark, then 'Add a note' with tags and Rec.
    await page.goto(`/dashboard/story/${id}/read`);
    await page.getByTestId("reader-bookmark").click();
    await expect(page.getByTestId("reader-bookmark")).toHaveText(/Bookmarked/);
    await page.getByTestId("reader-bookmark-edit").click();
    const dialog = page.getByRole("dialog", { name: "Your bookmark" });
    await dialog.getByLabel("Note").fill(note);
    const tag = `lanterns ${viewport.width}`;
    await dialog.getByLabel("Your tags").fill(`comfort read, ${tag}`);
    await dialog.getByText("Recommend it to people").click();
    await page.screenshot({ path: testInfo.outputPath(`bookmark-dialog-${viewport.width}.png`) });
    await dialog.getByRole("button", { name: "Save bookmark" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("reader-bookmark-edit")).toHaveText(/Edit note/);

    // Mark for Later, beside Bookmark.
    await page.getByTestId("reader-later").click();
    await expect(page.getByTestId("reader-later")).toHaveText(/Marked for Later/);

    // Saved Stories: the note and the tags, filtered by a tag kept in the URL.
    await page.goto("/dashboard/bookmarks");
    const item = page.getByTestId("saved-item").filter({ hasText: title });
    await expect(item).toContainText(note);
    await expect(item).toContainText("Rec");
    await item.getByRole("button", { name: tag }).click();
    await expect(page).toHaveURL(`/dashboard/bookmarks?tag=${encodeURIComponent(tag).replace(/%20/g, "+")}`);
    await expect(page.getByTestId("saved-item")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`saved-stories-${viewport.width}.png`), fullPage: true });

    // The reader's public bookmarks, server-rendered: the note and the Rec mark.
    await page.getByRole("link", { name: "Your public bookmarks" }).click();
    await expect(page).toHaveURL(new RegExp(`/u/${user.username}/bookmarks$`));
    const entry = page.locator("li.bm").filter({ hasText: title });
    await expect(entry).toContainText(note);
    await expect(entry.locator(".rec")).toHaveText("Rec");
    await page.screenshot({ path: testInfo.outputPath(`public-bookmarks-${viewport.width}.png`), fullPage: true });

    // The work's page says '1 bookmark' and leads to 'Bookmarks of this work', signed out too.
    const visitor = await (await browser.newContext({ baseURL, viewport })).newPage();
    await visitor.goto(`/s/${id}`);
    await visitor.getByRole("link", { name: "1 bookmark" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`Bookmarks of ${title}`);
    await expect(visitor.locator("li.bm")).toContainText(note);
    await expect(visitor.locator("li.bm")).toContainText(user.username);
    await visitor.close();

    // History: 'Marked for Later', then 'Mark as read' takes it off.
    await page.goto("/dashboard/history");
    const later = page.getByTestId("later-list");
    await expect(later).toContainText(title);
    await page.screenshot({ path: testInfo.outputPath(`later-${viewport.width}.png`), fullPage: true });
    await later.getByRole("button", { name: `Mark ${title} as read` }).click();
    await expect(page.getByTestId("later-list").getByText(title)).toHaveCount(0);
  }
});
