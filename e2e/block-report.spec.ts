// Report and block (issue 18, section 1), at 1280 then 390 px in one journey: a reader reports an abusive comment
// through the dialog and is thanked; the story's author blocks its writer from the comment's menu, and that writer's
// reply to the author's comment is refused; Settings lists the block, and Unblock lifts it. With screenshots.
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { publishStory } from "./support/stories";

const publishedStory = (request: APIRequestContext, title: string) =>
  publishStory(request, {
    title,
    content: "<p>The lamp went out at dawn.</p>",
    description: "A lighthouse and a storm.",
    tags: ["Drama"],
  });

/** Serious and critical WCAG 2 A/AA violations inside `selector`, as e2e/accessibility.spec.ts reads them. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await axe(page).include(selector).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function comment(request: APIRequestContext, storyId: number, content: string): Promise<number> {
  const res = await request.post(`/api/stories/${storyId}/comments`, { data: { content } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The author's Feedback panel, opened from the editor's toolbar. */
async function openFeedback(page: Page, storyId: number) {
  await page.goto(`/dashboard/story/${storyId}`);
  await page.getByRole("button", { name: /^Feedback/ }).click();
  return page.getByRole("dialog", { name: "Feedback" });
}

async function signedInPage(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; user: TestUser }> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  return { page, user };
}

test("a reader reports a comment, the author blocks its writer, whose reply is refused, and unblocks in Settings (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const author = await signedInPage(browser, baseURL);
  const troll = await signedInPage(browser, baseURL);
  const reader = await signedInPage(browser, baseURL);
  const storyId = await publishedStory(author.page.request, `Beacon ${randomBytes(3).toString("hex")}`);
  const readerUrl = `/dashboard/story/${storyId}/read`;

  for (const width of [1280, 390]) {
    const viewport = { width, height: width > 500 ? 900 : 844 };
    for (const who of [author, troll, reader]) await who.page.setViewportSize(viewport);
    const abuse = `Nobody wants this, give up (${width})`;
    await comment(troll.page.request, storyId, abuse);
    const thanks = `Thanks for reading (${width})`;
    await comment(author.page.request, storyId, thanks);

    // The reader reports the abusive comment through its menu and the dialog.
    await reader.page.goto(readerUrl);
    await expect(reader.page.getByTestId("report-open")).toBeVisible();
    await reader.page.screenshot({ path: testInfo.outputPath(`reader-actions-${width}.png`) });
    const readerComments = reader.page.getByTestId("reader-comments");
    const abusive = readerComments.getByTestId("comment").filter({ hasText: abuse });
    await abusive.getByRole("button", { name: `More for the comment by ${troll.user.username}` }).click();
    await reader.page.getByRole("menuitem", { name: "Report" }).click();
    const dialog = reader.page.getByRole("dialog", { name: "Report" });
    await expect(dialog.getByRole("radio")).toHaveCount(8);
    // Sending without a reason names the problem.
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Choose a reason");
    await dialog.getByRole("radio", { name: "Harassment" }).check();
    await dialog.getByLabel("Details (optional)").fill("Aimed at the author, again and again.");
    await expect(dialog.getByText("37/2000")).toBeVisible();
    await reader.page.screenshot({ path: testInfo.outputPath(`report-dialog-${width}.png`) });
    expect(await seriousViolations(reader.page, "[role=dialog]")).toEqual([]);
    await dialog.getByRole("button", { name: "Send report" }).click();
    const sent = reader.page.getByRole("dialog", { name: "Report sent" });
    await expect(sent.getByRole("status")).toHaveText("Thanks, we'll review this");
    await reader.page.screenshot({ path: testInfo.outputPath(`report-thanks-${width}.png`) });
    await sent.getByRole("button", { name: "Done" }).click();
    await expect(sent).toBeHidden();

    // The writer's page (server-rendered, no script): Block, Mute and a Report link to the same dialog.
    await reader.page.goto(`/u/${troll.user.username}`);
    await expect(reader.page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
    await reader.page.screenshot({ path: testInfo.outputPath(`author-page-${width}.png`) });
    await reader.page.getByRole("link", { name: "Report", exact: true }).click();
    const profileReport = reader.page.getByRole("dialog", { name: "Report" });
    await expect(profileReport).toContainText(`${troll.user.username}'s profile`);
    await profileReport.getByRole("radio", { name: "Spam" }).check();
    await profileReport.getByRole("button", { name: "Send report" }).click();
    await reader.page.getByRole("dialog", { name: "Report sent" }).getByRole("button", { name: "Done" }).click();
    await expect(reader.page).toHaveURL(new RegExp(`/u/${troll.user.username}$`));

    // The author's notification of the comment has the same menu (without Report).
    const trollsMenu = author.page.getByRole("button", { name: `More for ${troll.user.username}` });
    await expect(async () => {
      await author.page.goto("/dashboard/notifications");
      await expect(trollsMenu.first()).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await trollsMenu.first().click();
    await expect(author.page.getByRole("menuitem")).toHaveText([
      `Block ${troll.user.username}`,
      `Mute ${troll.user.username}`,
    ]);
    await author.page.screenshot({ path: testInfo.outputPath(`notification-menu-${width}.png`) });
    await author.page.keyboard.press("Escape");

    // The author blocks the writer from the same menu in the Feedback panel (an author's reader link opens the
    // editor); the comment leaves the author's view.
    const panel = await openFeedback(author.page, storyId);
    await panel
      .getByTestId("comment")
      .filter({ hasText: abuse })
      .getByRole("button", { name: `More for the comment by ${troll.user.username}` })
      .click();
    await author.page.screenshot({ path: testInfo.outputPath(`comment-menu-${width}.png`) });
    await author.page.getByRole("menuitem", { name: `Block ${troll.user.username}` }).click();
    await author.page
      .getByRole("alertdialog", { name: `Block ${troll.user.username}?` })
      .getByRole("button", { name: "Block" })
      .click();
    await expect(panel.getByTestId("comment").filter({ hasText: abuse })).toHaveCount(0);
    await expect(panel.getByTestId("comment").filter({ hasText: thanks })).toHaveCount(1);

    // Their notifications are hidden from the author too.
    await author.page.goto("/dashboard/notifications");
    await expect(author.page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(author.page.getByText("Loading notifications…")).toHaveCount(0);
    await expect(trollsMenu).toHaveCount(0);

    // The blocked writer still sees their own comment, but a reply to the author's comment is refused.
    await troll.page.goto(readerUrl);
    const trollComments = troll.page.getByTestId("reader-comments");
    await expect(trollComments.getByTestId("comment").filter({ hasText: abuse })).toHaveCount(1);
    const authorsComment = trollComments.getByTestId("comment").filter({ hasText: thanks });
    await authorsComment.getByRole("button", { name: "Reply" }).click();
    await trollComments.getByLabel("Your reply").fill("You can't hide from me.");
    await trollComments.getByRole("button", { name: "Post reply" }).click();
    await expect(trollComments.getByRole("alert")).toHaveText("This isn't available.");
    // Nothing was posted (the draft stays in the box).
    await expect(trollComments.getByTestId("comment-text").filter({ hasText: "You can't hide from me." })).toHaveCount(
      0,
    );
    await troll.page.screenshot({ path: testInfo.outputPath(`reply-refused-${width}.png`) });

    // Settings lists the block; Unblock lifts it.
    await author.page.goto("/dashboard/settings");
    const card = author.page.getByTestId("hidden-people");
    await expect(card.getByTestId("block-list")).toContainText(troll.user.username);
    await card.scrollIntoViewIfNeeded();
    await author.page.screenshot({ path: testInfo.outputPath(`settings-blocked-${width}.png`) });
    expect(await seriousViolations(author.page, "[data-testid=hidden-people]")).toEqual([]);
    await card.getByRole("button", { name: `Unblock ${troll.user.username}` }).click();
    await expect(card.getByText("You haven't blocked anyone.")).toBeVisible();
    const again = await openFeedback(author.page, storyId);
    await expect(again.getByTestId("comment").filter({ hasText: abuse })).toHaveCount(1);
  }
});
