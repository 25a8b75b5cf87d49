// Readers come back, authors see it (issue 17): a reader opens chapter 1, jumps to chapter 3 (the reader shows one
// chapter at a time), reads into it and leaves; on another device (a context of its own, signed in again) the
// dashboard offers 'Continue reading' and the reader opens chapter 3 where they stopped; the author sees the reads, the 30-day chart and the read-through on the details page.
// Both widths in one journey: the laptop at 1280 px, the phone at 390 px, the author's stats looked at both.
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { resizeTo } from "./support/viewport";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { publishStory } from "./support/stories";

const paragraphs = (chapter: number) =>
  Array.from(
    { length: 14 },
    (_, i) =>
      `<p>Chapter ${chapter}, part ${i + 1}: the tide came in over the old harbour wall, and the gulls went quiet.</p>`,
  ).join("");
const CONTENT = [1, 2, 3].map((n) => `<h2>Chapter ${n}</h2>${paragraphs(n)}`).join("");

const publishedStory = (request: APIRequestContext, title: string) =>
  publishStory(request, { title, content: CONTENT, description: "Three chapters of tides.", tags: ["Drama"] });

async function signedInPage(browser: Browser, baseURL: string | undefined, width: number, user: TestUser) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** The top of the chapter's text relative to the viewport. */
const bodyTop = (page: Page) => page.getByTestId("reader-body").evaluate((b) => b.getBoundingClientRect().top);

/**
 * Which paragraph ("part N") of the chapter is on the reading line (a quarter of the way down the viewport, what the
 * reader keeps: reading-position.ts): the same text on a laptop and a phone.
 */
const partOnLine = (page: Page) =>
  page.getByTestId("reader-body").evaluate((b) => {
    const line = window.innerHeight * 0.25;
    const top = [...b.querySelectorAll("p")].find((p) => p.getBoundingClientRect().bottom > line);
    return Number(top?.textContent?.match(/part (\d+)/)?.[1] ?? 0);
  });

test("a reader resumes on another device and the author sees the stats (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const title = `Tides ${randomBytes(3).toString("hex")}`;
  const author = await createVerifiedUser((await browser.newContext({ baseURL })).request);
  const authorPage = await signedInPage(browser, baseURL, 1280, author);
  const storyId = await publishedStory(authorPage.request, title);

  // Device one: the reader scrolls into chapter 3 and leaves for the dashboard.
  const reader = await createVerifiedUser((await browser.newContext({ baseURL })).request);
  const laptop = await signedInPage(browser, baseURL, 1280, reader);
  const reached = (chapter: number) =>
    laptop.waitForResponse(
      (r) => r.url().endsWith(`/api/stories/${storyId}/reads`) && r.request().postDataJSON().chapter === chapter,
    );
  const chapterOne = reached(1);
  await laptop.goto(`/dashboard/story/${storyId}/read`);
  expect((await chapterOne).status()).toBe(204);
  const chapterThree = reached(3);
  // The chapter list's link (a menu on a phone, a sidebar on a laptop: the address is what both lead to).
  await laptop.goto(`/dashboard/story/${storyId}/read?chapter=3`);
  expect((await chapterThree).status()).toBe(204);
  // A few paragraphs into chapter 3; the position is written once the page has rested there a moment.
  const saved = laptop.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/stories/${storyId}/progress`) &&
      r.request().method() === "PUT" &&
      r.request().postDataJSON().chapter === 3 &&
      r.request().postDataJSON().position > 0,
  );
  await laptop.getByTestId("reader-body").evaluate((b) => window.scrollBy(0, b.getBoundingClientRect().top + 300));
  await expect.poll(() => bodyTop(laptop)).toBeLessThan(-250);
  const stoppedAt = await partOnLine(laptop);
  expect((await saved).status()).toBe(204);
  await laptop.getByTestId("reader-back").click();

  // Device two: the dashboard opens with 'Continue reading'; the story opens where the reader stopped.
  const phone = await signedInPage(browser, baseURL, 390, reader);
  const continuing = phone.getByTestId("continue-reading");
  await expect(continuing.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath(`continue-390.png`) });
  await continuing.getByRole("link", { name: new RegExp(title) }).click();
  await expect(phone).toHaveURL(/\?chapter=3$/);
  // The phone wraps the text into more lines: the same paragraph is at the top, give or take one.
  await expect.poll(async () => Math.abs((await partOnLine(phone)) - stoppedAt)).toBeLessThanOrEqual(1);
  expect(stoppedAt).toBeGreaterThan(1);
  await phone.screenshot({ path: testInfo.outputPath(`resumed-390.png`) });

  // History lists it; the sidebar link leads there.
  await phone.goto("/dashboard/history");
  await expect(phone.getByTestId("history-list").getByRole("link", { name: new RegExp(title) })).toBeVisible();

  // The author: reads, readers, the chart and how many reached each chapter (counts land within seconds).
  await authorPage.goto(`/dashboard/story/${storyId}/details`);
  const stats = authorPage.getByTestId("story-stats");
  await expect(async () => {
    await authorPage.reload();
    // Three opens of the story (chapter 1, chapter 3 by its address, the resume on the second device) within
    // minutes are one reader's one sitting: one read (docs/decisions/0051-writer-side-fixes.md).
    await expect(stats.getByTestId("stats-reads")).toHaveText("1", { timeout: 4_000 });
  }).toPass({ timeout: 40_000 });
  await expect(stats.getByTestId("stats-unique-readers")).toHaveText("1");
  await expect(stats.getByRole("img", { name: "Reads and readers, last 30 days" })).toBeVisible();
  // Chapter 2 was skipped: the reader reached chapters 1 and 3.
  await expect(stats.getByTestId("stats-read-through").getByRole("listitem")).toHaveText([
    /Chapter 1\s*1 reader/,
    /Chapter 3\s*1 reader/,
  ]);
  for (const width of [1280, 390]) {
    await resizeTo(authorPage, { width, height: width > 500 ? 900 : 844 });
    await stats.scrollIntoViewIfNeeded();
    await authorPage.screenshot({ path: testInfo.outputPath(`stats-${width}.png`) });
    const findings = await axe(authorPage)
      .include("[data-testid=story-stats]")
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    const serious = findings.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious, `${width} px`).toEqual([]);
  }
});
