// Readers come back (issue 17, section 2): a reader follows an author on the author's page and subscribes to a story
// in the reader and chooses in Settings to hear of new stories in the app only; the author publishes a new story; the
// reader sees it in the bell, on the notifications page and under Discover's 'Following'. Then the author adds chapter 2
// to the subscribed story: the reader sees it in the bell and under Following, and by email, whose unsubscribe link
// works signed out. Both widths in one journey: the first half at 1280 px, the second on a phone, and each screen
// also photographed at the other width (the suite's time budget, issue 17).
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";

const publishedStory = (request: APIRequestContext, title: string) =>
  publishStory(request, {
    title,
    content: "<p>The tide came in twice.</p>",
    description: "Two tides, one harbour.",
    tags: ["Drama"],
  });

test("a reader follows and subscribes, and hears of the author's new story (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const word = randomBytes(3).toString("hex");
  const authorApi = await browser.newContext({ baseURL });
  const author = await createVerifiedUser(authorApi.request);
  const login = await authorApi.request.post("/api/login", {
    data: { email: author.email, password: author.password },
    headers: ownAddress(),
  });
  expect(login.status()).toBe(200);
  const firstId = await publishedStory(authorApi.request, `Harbour ${word}`);

  // On the author's page (server-rendered, no script): the signed-in reader's own 'Follow' form.
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signIn(page, await createVerifiedUser(page.request));
  await page.goto(`/u/${author.username}`);
  const follow = page.locator("#follow");
  await expect(follow).toContainText("0 followers");
  await follow.getByRole("button", { name: "Follow" }).click();
  await expect(follow.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toContainText("1 follower");
  await shootBothWidths(page, "author-page", shot);

  // In the reader: the follow shows; the reader subscribes to the story.
  await page.goto(`/dashboard/story/${firstId}/read`);
  await expect(page.getByTestId("reader-follow")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("reader-subscribe").click();
  await expect(page.getByTestId("reader-subscribe")).toHaveText("Subscribed");
  await shootBothWidths(page, "reader", shot);

  // Settings: per type, 'In the app', 'By email' or 'Off'; a change is saved at once. New stories by followed
  // authors: in the app only (the first email of this hour is then the new chapter's, below).
  await page.goto("/dashboard/settings");
  const newStories = page.getByRole("radiogroup", { name: "New stories by authors you follow" });
  await expect(newStories.getByRole("radio", { name: "By email" })).toBeChecked();
  await newStories.getByText("In the app").click();
  await expect(page.getByText("Notification settings saved")).toBeVisible();
  await page.getByTestId("notification-settings").scrollIntoViewIfNeeded();
  await shootBothWidths(page, "settings", shot);
  await page.reload();
  await expect(newStories.getByRole("radio", { name: "In the app" })).toBeChecked();

  // The author publishes a new story; the bell counts it (asked again on each navigation).
  const secondTitle = `Lantern ${word}`;
  const secondId = await publishedStory(authorApi.request, secondTitle);
  const bell = page.getByTestId("notification-bell");
  await expect(async () => {
    await page.goto("/dashboard");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 1_000 });
  }).toPass();
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await shootBothWidths(page, "bell", shot);

  // Discover's 'Following' tab: the new story first, then the subscribed one.
  await page.getByRole("tab", { name: "Following" }).click();
  const items = page.getByTestId("following-item");
  await expect(items.first()).toContainText(secondTitle);
  await expect(items.first()).toContainText("New story");
  await expect(items).toHaveCount(2);
  await shootBothWidths(page, "following", shot, items.first());

  // The notifications page: the sentence links to the story; 'Mark as read' clears the bell.
  await bell.click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  const item = page.getByTestId("notification");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`${author.username} published a new story: ${secondTitle}`);
  await expect(item.getByRole("link")).toHaveAttribute("href", `/dashboard/story/${secondId}/read`);
  await shootBothWidths(page, "notifications", shot);
  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(page, viewport);
    const findings = await axe(page).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = findings.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious, `${viewport.width} px`).toEqual([]);
  }
  // From here on, the reader is on a phone.
  await item.getByRole("button", { name: "Mark as read" }).click();
  await expect(item).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  // The author adds chapter 2 to the subscribed story (a save of the published story's one document).
  const chapters = "<h2>The first tide</h2><p>The tide came in twice.</p><h2>The second tide</h2><p>And out.</p>";
  const saved = await authorApi.request.patch(`/api/stories/${firstId}`, { data: { content: chapters } });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(async () => {
    await page.goto("/dashboard");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 1_000 });
  }).toPass();
  await page.getByRole("tab", { name: "Following" }).click();
  await expect(items.first()).toContainText(`Harbour ${word}`);
  await expect(items.first()).toContainText("Chapter 2");

  // By email (new chapters are emailed by default), with a link that unsubscribes without signing in.
  const reader = (await (await page.request.get("/api/user")).json()) as { email: string };
  let text = "";
  await expect
    .poll(
      async () => {
        const outbox = (await (
          await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(reader.email)}`)
        ).json()) as { to: string; text: string }[];
        text = outbox.find((m) => m.to === reader.email && m.text.includes("Chapter 2 of"))?.text ?? "";
        return text;
      },
      { timeout: 30_000 },
    )
    .toContain(`Harbour ${word}`);
  const unsubscribe = text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
  expect(unsubscribe).toBeTruthy();
  const signedOut = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await signedOut.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  await expect(signedOut.getByRole("heading", { name: "Unsubscribe from notification emails?" })).toBeVisible();
  await signedOut.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(signedOut.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await shootBothWidths(signedOut, "unsubscribed", shot);
  const settings = await (await page.request.get("/api/email-settings")).json();
  expect(settings.emailOn).toBe(false);
});
