// Feedback reaches the author (issue 17): a reader comments; the author hears of it by email and in the bell, sees the
// unseen count on the dashboard card and on the editor's 'Feedback' button, opens the panel (which marks it seen)
// and replies; the reader hears of the reply by email and in the bell, and sees it nested under the comment with the
// 'Author' badge. Both widths in one journey, with screenshots.
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";
import { createVerifiedUser, signIn } from "./support/accounts";
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

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
}

/** The notification email to `to` whose text says `line` (the worker sends it soon after the fan-out). */
async function notificationEmail(request: APIRequestContext, to: string, line: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const entries = (await (
          await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
        ).json()) as OutboxEntry[];
        found = entries.find((m) => m.to === to && m.text.includes(line));
        return found;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Opens /dashboard until the sidebar's bell counts `unread` (the bell asks again on each navigation). */
async function expectBell(page: Page, unread: number): Promise<void> {
  await expect(async () => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName(`Notifications, ${unread} unread`, {
      timeout: 1_000,
    });
  }).toPass();
}

// One journey covers both widths: the reader on a phone, the author at a desk, and each screen also looked at (and
// checked by axe) at the other width, instead of the whole journey twice (the suite's time budget, issue 17).
test("a reader's comment reaches the author, who replies from the Feedback panel (390 and 1280 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const title = `Beacon ${randomBytes(3).toString("hex")}`;
  const author = await createVerifiedUser((await browser.newContext({ baseURL })).request);
  const authorApi = await browser.newContext({ baseURL });
  const login = await authorApi.request.post("/api/login", {
    data: { email: author.email, password: author.password },
  });
  expect(login.status()).toBe(200);
  const storyId = await publishedStory(authorApi.request, title);

  // The reader comments in the reader view, on a phone.
  const readerPage = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await signIn(readerPage, await createVerifiedUser(readerPage.request));
  await readerPage.goto(`/dashboard/story/${storyId}/read`);
  const comments = readerPage.getByTestId("reader-comments");
  await comments.getByLabel("Add a comment").fill("Will the keeper ever leave the lighthouse?");
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(comments.getByTestId("comment")).toHaveCount(1);
  const reader = (await (await readerPage.request.get("/api/user")).json()) as { username: string; email: string };

  // The author is emailed (the first notification email of the hour goes out at once) and the bell counts it.
  const email = await notificationEmail(authorApi.request, author.email, `${reader.username} commented on`);
  expect(email.text).toContain("Will the keeper ever leave the lighthouse?");
  expect(email.text).toContain("/unsubscribe?token=");

  // The author, at a desk, sees 1 new on the dashboard card and on the editor's button.
  const authorPage = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signIn(authorPage, author);
  await expectBell(authorPage, 1);
  // NOTE: Discover's tiles are articles too; the author's own card is the one that opens the editor.
  const card = authorPage
    .getByRole("article")
    .filter({ has: authorPage.getByRole("link", { name: `Open ${title} in the editor` }) });
  await expect(card.getByTestId("card-unseen")).toHaveText("1 new comment");
  await shootBothWidths(authorPage, "dashboard", shot, card);
  await card.getByRole("link", { name: `Open ${title} in the editor` }).click();
  const feedbackButton = authorPage.getByRole("button", { name: "Feedback, 1 new comment" });
  await expect(feedbackButton).toBeVisible();
  await authorPage.screenshot({ path: shot("editor-1280.png") });

  // The panel lists the comment; opening it marks it seen; the author replies there.
  await feedbackButton.click();
  const panel = authorPage.getByRole("dialog", { name: "Feedback" });
  await expect(panel.getByTestId("comment-text")).toHaveText(["Will the keeper ever leave the lighthouse?"]);
  await panel.getByRole("button", { name: "Reply" }).click();
  await panel.getByLabel("Your reply").fill("Not while the ships still need the light.");
  await panel.getByRole("button", { name: "Post reply" }).click();
  await expect(panel.getByTestId("comment-text")).toHaveText([
    "Not while the ships still need the light.",
    "Will the keeper ever leave the lighthouse?",
  ]);
  await expect(panel.getByTestId("comment").first()).toContainText("Author");
  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(authorPage, viewport);
    await authorPage.screenshot({ path: shot(`panel-${viewport.width}.png`) });
    expect(await seriousViolations(authorPage, "[role=dialog]"), `${viewport.width} px`).toEqual([]);
  }
  await resizeTo(authorPage, DESKTOP);
  // The author's own reply does not count as new.
  await authorPage.keyboard.press("Escape");
  await expect(authorPage.getByRole("button", { name: "Feedback", exact: true })).toBeVisible();

  // The reader hears of the reply by email and in the bell, and sees it nested under their comment, with the badge.
  const readerEmail = await notificationEmail(
    authorApi.request,
    reader.email,
    `${author.username} replied to your comment on`,
  );
  expect(readerEmail.text).toContain("Not while the ships still need the light.");
  await expectBell(readerPage, 1);
  await readerPage.goto(`/dashboard/story/${storyId}/read`);
  const reply = comments.locator("li[data-level='2']");
  await expect(reply.getByTestId("comment-text")).toHaveText("Not while the ships still need the light.");
  await expect(reply.getByText("Author", { exact: true })).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await resizeTo(readerPage, viewport);
    await reply.scrollIntoViewIfNeeded();
    await readerPage.screenshot({ path: shot(`reader-${viewport.width}.png`) });
    expect(await seriousViolations(readerPage, "[data-testid=reader-comments]"), `${viewport.width} px`).toEqual([]);
  }
  await authorApi.close();
});
