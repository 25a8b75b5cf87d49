// Journey (issue 20 §1): a writer's Rewrite with Marin goes badly; they open History, see what changed word by word
// against yesterday's version, restore it, and the editor shows their old text again. At 1280 and 390 px.
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { ageVersionsByADay } from "./support/versions";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";

const PARAGRAPHS = [
  "The lighthouse keeper counted the ships that passed in the night and wrote each name in a green ledger.",
  "Nobody had asked her to keep the ledger, but she liked the names: Marigold, Ardent, the Little Owl of Brest.",
  "On the last night of the season a ship came in without a name, and she did not know what to write.",
];
const ORIGINAL = PARAGRAPHS.map((p) => `<p>${p}</p>`).join("");

async function serverContent(page: Page, id: number): Promise<string> {
  return ((await (await page.request.get(`/api/stories/${id}`)).json()) as StoryView).content;
}

test("a writer restores yesterday's version after a bad Rewrite", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", { data: { title: "Green Ledger", content: ORIGINAL } });
  const story = (await created.json()) as StoryView;
  // Yesterday's session ended with this text: the next save keeps it as a version.
  expect((await page.request.patch(`/api/stories/${story.id}`, { data: { content: ORIGINAL } })).status()).toBe(200);
  const aged = await ageVersionsByADay(story.id);
  await givenEarlierChat(page, story.id);
  await page.goto(`/dashboard/story/${story.id}`);
  const text = page.getByRole("textbox", { name: "Story content" });
  await expect(text).toContainText(PARAGRAPHS[1]!);

  // A Rewrite of the middle paragraph the writer does not like.
  const marin = marinPane(page);
  await text.locator("p").nth(1).click({ clickCount: 3 });
  await marin.tools.getByRole("button", { name: "Rewrite", exact: true }).click();
  await marin.pane.getByRole("textbox", { name: "Rewrite instruction" }).fill("shorter");
  await marin.pane.getByRole("button", { name: "Rewrite selection" }).click();
  await expect(marin.assistantMessages.last()).toContainText("Rewrote the selection.", { timeout: 30_000 });
  await expect(text).not.toContainText(PARAGRAPHS[1]!);
  await expect.poll(() => serverContent(page, story.id), { timeout: 15_000 }).not.toContain("Little Owl");

  // History: Marin's Rewrite on top, yesterday's text below it.
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  const versions = history.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Marin · ");
  await expect(versions.last()).toContainText(aged ? "Yesterday" : "Today");
  await expect(versions.last()).toContainText("You");
  await versions.last().getByRole("button").click();
  const diff = history.getByTestId("version-diff");
  await expect(diff.locator("del").first()).toBeVisible();
  await expect(diff.locator("del")).toContainText(["Little Owl"]);
  await expect(diff).toContainText("Nobody had asked her to keep the ledger");
  await shootBothWidths(page, "history-diff", (f) => testInfo.outputPath(f), diff);

  // On a phone: the version fills the dialog; Restore asks first.
  await resizeTo(page, PHONE);
  await expect(history.getByRole("button", { name: "← All versions" })).toBeVisible();
  const widest = await diff.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(widest).toBeLessThanOrEqual(0);
  await history.getByRole("button", { name: "Restore" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
  await confirm.getByRole("button", { name: "Restore" }).click();
  await expect(history).toBeHidden();
  await expect(text).toContainText(PARAGRAPHS[1]!);
  await expect(text.locator("div.generated-content")).toHaveCount(0);
  expect(await serverContent(page, story.id)).toBe(ORIGINAL);

  // Nothing was destroyed: the Rewrite is still a version, under the restore.
  await page.getByRole("button", { name: "History" }).click();
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("Restored");
  await expect(versions.nth(1)).toContainText("Marin · ");
  await shootBothWidths(page, "history-list", (f) => testInfo.outputPath(f));
});
