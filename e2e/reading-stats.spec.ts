// Readers come back, authors see it (issue 17): a reader reads into chapter 3 and leaves; on another device (a
// context of its own, signed in again) the reader opens where they stopped and the dashboard offers 'Continue
// reading'; the author sees the reads, the 30-day chart and the read-through on the details page. At 1280 and 390 px.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";

const paragraphs = (chapter: number) =>
  Array.from(
    { length: 14 },
    (_, i) =>
      `<p>Chapter ${chapter}, part ${i + 1}: the tide came in over the old harbour wall, and the gulls went quiet.</p>`,
  ).join("");
const CONTENT = [1, 2, 3].map((n) => `<h2>Chapter ${n}</h2>${paragraphs(n)}`).join("");

async function publishedStory(request: APIRequestContext, title: string): Promise<number> {
  const created = await request.post("/api/stories", { data: { title, content: CONTENT } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await request.post(`/api/stories/${id}/publish`, {
    data: { title, description: "Three chapters of tides.", tags: ["Drama"] },
  });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

async function signedInPage(browser: Browser, baseURL: string | undefined, width: number, user: TestUser) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** The chapter heading's top relative to the viewport. */
const headingTop = (page: Page, name: string) =>
  page.getByRole("heading", { name, exact: true }).evaluate((h) => h.getBoundingClientRect().top);

for (const width of [1280, 390]) {
  test(`a reader resumes on another device and the author sees the stats (${width} px)`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const title = `Tides ${randomBytes(3).toString("hex")}`;
    const author = await createVerifiedUser((await browser.newContext({ baseURL })).request);
    const authorPage = await signedInPage(browser, baseURL, width, author);
    const storyId = await publishedStory(authorPage.request, title);

    // Device one: the reader scrolls into chapter 3 and leaves for the dashboard.
    const reader = await createVerifiedUser((await browser.newContext({ baseURL })).request);
    const laptop = await signedInPage(browser, baseURL, width, reader);
    const reached = (chapter: number) =>
      laptop.waitForResponse(
        (r) => r.url().endsWith(`/api/stories/${storyId}/reads`) && r.request().postDataJSON().chapter === chapter,
      );
    const chapterOne = reached(1);
    await laptop.goto(`/dashboard/story/${storyId}/read`);
    expect((await chapterOne).status()).toBe(204);
    // A few paragraphs into chapter 3; the position is written once the page has rested there a moment.
    const saved = laptop.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/stories/${storyId}/progress`) &&
        r.request().method() === "PUT" &&
        r.request().postDataJSON().chapter === 3,
    );
    await laptop
      .getByRole("heading", { name: "Chapter 3", exact: true })
      .evaluate((h) => window.scrollBy(0, h.getBoundingClientRect().top + 300));
    await expect.poll(() => headingTop(laptop, "Chapter 3")).toBeLessThan(-250);
    const stoppedAt = await headingTop(laptop, "Chapter 3");
    expect((await saved).status()).toBe(204);
    await laptop.getByTestId("reader-back").click();

    // Device two: the dashboard opens with 'Continue reading'; the story opens where the reader stopped.
    const phone = await signedInPage(browser, baseURL, width, reader);
    const continuing = phone.getByTestId("continue-reading");
    await expect(continuing.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await phone.screenshot({ path: testInfo.outputPath(`continue-${width}.png`) });
    await continuing.getByRole("link", { name: new RegExp(title) }).click();
    await expect.poll(() => headingTop(phone, "Chapter 3")).toBeLessThan(stoppedAt + 60);
    expect(await headingTop(phone, "Chapter 3")).toBeGreaterThan(stoppedAt - 60);
    await phone.screenshot({ path: testInfo.outputPath(`resumed-${width}.png`) });

    // History lists it; the sidebar link leads there.
    await phone.goto("/dashboard/history");
    await expect(phone.getByTestId("history-list").getByRole("link", { name: new RegExp(title) })).toBeVisible();

    // The author: reads, readers, the chart and how many reached each chapter (counts land within seconds).
    await authorPage.goto(`/dashboard/story/${storyId}/details`);
    const stats = authorPage.getByTestId("story-stats");
    await expect(async () => {
      await authorPage.reload();
      await expect(stats.getByTestId("stats-reads")).toHaveText("2", { timeout: 4_000 });
    }).toPass({ timeout: 40_000 });
    await expect(stats.getByTestId("stats-unique-readers")).toHaveText("1");
    await expect(stats.getByRole("img", { name: "Reads and readers, last 30 days" })).toBeVisible();
    // Chapter 2 was scrolled past, never rested in: the reader reached chapters 1 and 3.
    await expect(stats.getByTestId("stats-read-through").getByRole("listitem")).toHaveText([
      /Chapter 1\s*1 reader/,
      /Chapter 3\s*1 reader/,
    ]);
    await stats.scrollIntoViewIfNeeded();
    await authorPage.screenshot({ path: testInfo.outputPath(`stats-${width}.png`) });
    const axe = await new AxeBuilder({ page: authorPage })
      .include("[data-testid=story-stats]")
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
}
