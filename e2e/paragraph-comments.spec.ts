// Comments beside the paragraph (issue 31): a reader at a desk opens a paragraph's panel from the keyboard and
// comments there; the count shows at the paragraph's side; a reader on a phone opens the same paragraph's sheet and
// replies; the author sees the comment in the Feedback panel beside the paragraph's first words. Both widths
// screenshotted.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { axe } from "./support/axe";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const CONTENT = [
  "<h2>Chapter 1: The Harbour</h2>",
  "<p>The rain came down on the harbour all night, and nobody in the town slept.</p>",
  "<p>Mara watched the boats rock against the pier until the lamps went out one by one.</p>",
  "<p>At dawn the bell rang.</p>",
  "<h2>Chapter 2: The Bell</h2>",
  "<p>Nobody knew who had rung it.</p>",
].join("");
const QUOTE = "Mara watched the boats rock against the pier until the lamps went";

test("a reader comments on a paragraph and the author sees it beside that paragraph (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const title = `Harbour ${randomBytes(3).toString("hex")}`;
  const authorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const author = await createVerifiedUser(authorContext.request);
  const authorPage = await authorContext.newPage();
  await signIn(authorPage, author);
  const storyId = await publishStory(authorContext.request, {
    title,
    content: CONTENT,
    description: "A harbour town and a bell.",
  });

  // A reader at a desk: the second paragraph's marker is reached from the keyboard and opens its panel.
  const desk = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signIn(desk, await createVerifiedUser(desk.request));
  await desk.goto(`/dashboard/story/${storyId}/read?chapter=1`);
  const body = desk.getByTestId("reader-body");
  const mara = body.locator("p", { hasText: "Mara watched" });
  await expect(mara.getByRole("button", { name: "Comment on this paragraph" })).toHaveCount(1);
  await mara.hover();
  await desk.screenshot({ path: shot("hover-1280.png") });
  await mara.getByRole("button", { name: "Comment on this paragraph" }).focus();
  await desk.keyboard.press("Enter");
  const panel = desk.getByRole("dialog", { name: "Comments on this paragraph" });
  await expect(panel).toContainText(QUOTE);
  await expect(panel).toContainText("No comments on this paragraph yet.");
  await panel.getByLabel("Comment on this paragraph").fill("The lamps going out one by one is such a quiet image.");
  await panel.getByRole("button", { name: "Post comment" }).click();
  await expect(panel.getByTestId("comment-text")).toHaveText(["The lamps going out one by one is such a quiet image."]);
  await desk.screenshot({ path: shot("panel-1280.png") });
  const panelViolations = await axe(desk).include("[role=dialog]").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(panelViolations.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await desk.keyboard.press("Escape");
  await expect(mara.getByRole("button", { name: "1 comment on this paragraph" })).toBeVisible();
  // Only that paragraph has a count; the work's comments list it with its paragraph's first words.
  await expect(body.getByRole("button", { name: /comments? on this paragraph/ })).toHaveCount(1);
  await expect(desk.getByTestId("reader-comments").getByTestId("comment-anchor")).toContainText(QUOTE);
  await mara.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: shot("count-1280.png") });

  // A reader on a phone sees the count at the paragraph, opens its sheet and replies there.
  const phone = await (await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true })).newPage();
  await signIn(phone, await createVerifiedUser(phone.request));
  await phone.goto(`/dashboard/story/${storyId}/read?chapter=1`);
  const phoneMara = phone.getByTestId("reader-body").locator("p", { hasText: "Mara watched" });
  const count = phoneMara.getByRole("button", { name: "1 comment on this paragraph" });
  await count.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: shot("count-390.png") });
  await count.tap();
  const sheet = phone.getByRole("dialog", { name: "Comments on this paragraph" });
  await sheet.getByRole("button", { name: "Reply" }).click();
  await sheet.getByLabel("Your reply").fill("Same! It made me slow down.");
  await sheet.getByRole("button", { name: "Post reply" }).click();
  await expect(sheet.getByTestId("comment-text")).toHaveText([
    "The lamps going out one by one is such a quiet image.",
    "Same! It made me slow down.",
  ]);
  await phone.screenshot({ path: shot("sheet-390.png") });
  await phone.keyboard.press("Escape");
  await expect(phoneMara.getByRole("button", { name: "2 comments on this paragraph" })).toBeVisible();

  // The author, in the editor's Feedback panel, sees the comment beside the paragraph's first words.
  await authorPage.goto(`/dashboard/story/${storyId}`);
  await authorPage.getByRole("button", { name: /^Feedback/ }).click();
  const feedback = authorPage.getByRole("dialog", { name: "Feedback" });
  const top = feedback.getByTestId("comment").filter({ hasText: "such a quiet image" });
  await expect(top.getByTestId("comment-anchor")).toHaveText(`On “${QUOTE}” · chapter 1, paragraph 2`);
  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(authorPage, viewport);
    await top.scrollIntoViewIfNeeded();
    await authorPage.screenshot({ path: shot(`feedback-${viewport.width}.png`) });
  }

  // The author turns paragraph comments off on the details page: the markers go, what was written stays.
  await resizeTo(authorPage, DESKTOP);
  await authorPage.goto(`/dashboard/story/${storyId}/details`);
  const toggle = authorPage.getByRole("checkbox", { name: /Paragraph comments/ });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await toggle.scrollIntoViewIfNeeded();
  await authorPage.screenshot({ path: shot("details-1280.png") });
  await authorPage.getByRole("button", { name: "Save Changes" }).click();
  await expect(authorPage.getByText("Changes saved").first()).toBeVisible();
  await desk.reload();
  await expect(desk.getByTestId("reader-comments").getByTestId("comment-anchor")).toContainText(QUOTE);
  await expect(body.getByRole("button", { name: /on this paragraph/ })).toHaveCount(0);
  await authorContext.close();
});
