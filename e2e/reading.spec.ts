// Reading and community (issue 9): a second user finds a published story, reads, likes, bookmarks, comments and
// shares it; a signed-out browser without JavaScript reads the shared link; the author is sent to the editor; a
// free user never sees a mature story; an unpublished story is not found.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { publicStoryPath } from "../src/shared/routes";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { givenEarlierChat } from "./support/marin";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const NOT_FOUND = "Story not found";
const SHOTS = process.env.READING_SHOTS;
const NSFW_LOCKED = "Unlock with FicForge Plus";

/** About 670 words in two chapters: a 3 minute read at 230 words a minute. */
function storyHtml(marker: string): string {
  const sentence = "The lighthouse keeper counted the ships that passed the point before dawn.";
  const paragraph = `<p>${Array.from({ length: 10 }, () => sentence).join(" ")}</p>`;
  return [
    `<h2>Chapter 1</h2><p>${marker} began on the night the lamp went out.</p>`,
    paragraph,
    paragraph,
    `<h2>Chapter 2</h2>`,
    paragraph,
    paragraph,
    paragraph,
  ].join("");
}

interface Published {
  id: number;
  title: string;
  description: string;
  body: string;
}

/** A signed-in API client for a fresh verified user (its own cookies, apart from any page). */
async function apiUser(browser: Browser, baseURL: string): Promise<{ user: TestUser; request: APIRequestContext }> {
  const context = await browser.newContext({ baseURL });
  const user = await createVerifiedUser(context.request);
  const login = await context.request.post("/api/login", { data: { email: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  return { user, request: context.request };
}

async function createStory(
  request: APIRequestContext,
  fields: { title: string; content: string; fandoms?: string[]; moods?: string[] },
): Promise<number> {
  const created = await request.post("/api/stories", { data: fields });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function publish(
  request: APIRequestContext,
  id: number,
  body: { title: string; description: string; tags?: string[]; markedMature?: boolean },
): Promise<void> {
  const response = await request.post(`/api/stories/${id}/publish`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** A published general story with a unique title word (`token`), so searches find exactly it. */
async function publishedStory(request: APIRequestContext, token: string): Promise<Published> {
  const title = `Lantern Keeper ${token}`;
  const description = "A lighthouse, a storm and a keeper who will not leave.";
  const body = `${token} began on the night the lamp went out.`;
  const id = await createStory(request, {
    title,
    content: storyHtml(token),
    fandoms: ["Tidewatch Saga", "tidewatch saga"],
    moods: ["Cozy", "Tidewatch Saga"],
  });
  await publish(request, id, { title, description, tags: ["Drama", "Adventure"] });
  return { id, title, description, body };
}

const token = () => `tok${randomBytes(4).toString("hex")}`;

function sidebar(page: Page) {
  return page.getByRole("complementary", { name: "Sidebar" });
}

test("a second user finds, reads, likes, bookmarks, comments on and shares a story; the link reads signed out", async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  const author = await apiUser(browser, baseURL!);
  const word = token();
  const story = await publishedStory(author.request, word);

  const reader = await createVerifiedUser(page.request);
  await signIn(page, reader);
  await expect(sidebar(page).getByText("No saved stories")).toBeVisible();

  // Discover's 'Browse all' → search by a word of the title → the story's card opens the reader.
  await page.getByTestId("discover-section").getByRole("link", { name: "Browse all" }).click();
  await expect(page).toHaveURL(/\/dashboard\/discover/);
  await page.getByLabel("Search stories").fill(word);
  const card = page.getByTestId("discover-results").getByTestId("discover-story");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(story.title);
  await expect(card).toContainText(`by ${author.user.username}`);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/story/${story.id}/read$`));

  // The reader: title, 'by' author, description, deduplicated chips, 'No cover image', reading time, body.
  await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
  await expect(page.getByTestId("reader-author")).toHaveText(author.user.username);
  await expect(page.getByText(story.description)).toBeVisible();
  await expect(page.getByTestId("reader-chips").getByRole("listitem")).toHaveText(["Tidewatch Saga", "Cozy"]);
  await expect(page.getByTestId("reader-no-cover")).toHaveText("No cover image");
  await expect(page.getByTestId("reader-reading-time")).toHaveText("3 min read");
  await expect(page.getByText(story.body)).toBeVisible();
  await expect(page.getByTestId("reader-back")).toHaveText("Back to Discover");

  // Issue 31: the Download menu offers EPUB, HTML and PDF, at both widths, and the files arrive.
  const download = async (label: string, extension: string) => {
    await page.getByTestId("reader-download").click();
    const menu = page.getByRole("menu", { name: "Download" });
    await expect(menu.getByRole("menuitem")).toHaveText([/^EPUB/, /^HTML/, /^PDF/]);
    await expect(menu).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/download-menu-${page.viewportSize()?.width}.png` });
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      menu.getByRole("menuitem", { name: label }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${story.title}.${extension}`);
    return readFileSync((await file.path())!);
  };
  await resizeTo(page, DESKTOP);
  expect((await download("PDF", "pdf")).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await download("HTML", "html")).toString("utf8")).toContain(`<title>${story.title}</title>`);
  await resizeTo(page, PHONE);
  expect((await download("EPUB", "epub")).subarray(30, 38).toString("ascii")).toBe("mimetype");
  await resizeTo(page, DESKTOP);

  // Like: the count goes up and stays after a reload.
  const like = page.getByTestId("reader-like");
  await expect(page.getByTestId("reader-like-count")).toHaveText("0");
  // NOTE: the count goes up at once (optimistic); reload only once the server has the like, or the reload races it.
  const likeSaved = page.waitForResponse((r) => r.url().endsWith("/like") && r.request().method() === "POST");
  await like.click();
  await expect(page.getByTestId("reader-like-count")).toHaveText("1");
  await expect(like).toHaveAttribute("aria-pressed", "true");
  expect((await likeSaved).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("reader-like-count")).toHaveText("1");
  await expect(like).toHaveAttribute("aria-pressed", "true");

  // Bookmark: Saved Stories lists it at once, without a reload.
  const bookmark = page.getByTestId("reader-bookmark");
  await expect(bookmark).toHaveText("Bookmark");
  await bookmark.click();
  await expect(bookmark).toHaveText("Bookmarked");
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");
  const saved = sidebar(page).getByRole("list", { name: "Saved Stories" });
  await expect(saved.getByRole("link", { name: new RegExp(story.title) })).toBeVisible();
  await expect(saved.getByRole("link", { name: new RegExp(story.title) })).toHaveAttribute(
    "href",
    `/dashboard/story/${story.id}/read`,
  );

  // Comment: it appears with its author, and the counter goes from 0 to 1.
  const comments = page.getByTestId("reader-comments");
  await expect(comments.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
  await comments.getByLabel("Add a comment").fill("The storm chapter had me holding my breath.");
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(comments.getByTestId("comment")).toHaveCount(1);
  await expect(comments.getByTestId("comment-text")).toHaveText("The storm chapter had me holding my breath.");
  await expect(comments.getByTestId("comment")).toContainText(reader.username);
  await expect(comments.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
  await expect(comments.getByLabel("Add a comment")).toHaveValue("");

  // Share: 'Copy link' puts the public page's link on the clipboard; 'Link copied!' for about 2 seconds.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("reader-share").click();
  const dialog = page.getByRole("dialog", { name: "Share this story" });
  const link = `${baseURL}${publicStoryPath(story.id, story.title)}`;
  expect(link).toBe(`${baseURL}/s/${story.id}-lantern-keeper-${word}`);
  await expect(dialog.getByTestId("share-link-input")).toHaveValue(link);
  const copy = dialog.getByTestId("share-copy");
  await expect(copy).toHaveText("Copy link");
  // NOTE: how long 'Link copied!' shows is timed in the page, as the text changes: a round trip per look could add a
  // second on a busy machine.
  await copy.evaluate((button) => {
    const times: Record<string, number> = {};
    (window as unknown as { copyTimes: Record<string, number> }).copyTimes = times;
    new MutationObserver(() => {
      const text = button.textContent?.trim() ?? "";
      if (text === "Link copied!" && times.shown === undefined) times.shown = performance.now();
      if (text === "Copy link" && times.shown !== undefined && times.gone === undefined) times.gone = performance.now();
    }).observe(button, { subtree: true, childList: true, characterData: true });
  });
  await copy.click();
  await expect(copy).toHaveText("Link copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(copy).toHaveText("Copy link", { timeout: 5_000 });
  const times = await page.evaluate(() => (window as unknown as { copyTimes: Record<string, number> }).copyTimes);
  const shownFor = times.gone! - times.shown!;
  expect(shownFor).toBeGreaterThan(1_500);
  expect(shownFor).toBeLessThan(3_500);
  await dialog.getByRole("button", { name: "Instagram" }).click();
  await expect(page.getByText("Coming soon!").first()).toBeVisible();

  // The likes, bookmark and comment reached the server.
  const read = await page.request.get(`/api/stories/${story.id}/read`);
  expect(await read.json()).toMatchObject({ likeCount: 1, liked: true, bookmarked: true, commentCount: 1 });

  // A new browser, signed out, JavaScript off: the link reads the story and invites to sign up.
  const stranger = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const strangerPage = await stranger.newPage();
    const response = await strangerPage.goto(link);
    expect(response?.status()).toBe(200);
    expect((await stranger.cookies()).length).toBe(0);
    await expect(strangerPage.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
    await expect(strangerPage.getByText(`by ${author.user.username}`)).toBeVisible();
    await expect(strangerPage.getByText(story.description).first()).toBeVisible();
    await expect(strangerPage.getByText(story.body)).toBeVisible();
    await expect(strangerPage.locator('meta[property="og:title"]')).toHaveAttribute("content", story.title);
    await expect(strangerPage.locator('meta[property="og:description"]')).toHaveAttribute("content", story.description);
    await expect(strangerPage.getByRole("link", { name: "Sign up free" })).toHaveAttribute("href", "/auth");
  } finally {
    await stranger.close();
  }
});

test("the author opening their own story's reader lands in the editor", async ({ page }) => {
  const author = await createVerifiedUser(page.request);
  await signIn(page, author);
  const word = token();
  const story = await publishedStory(page.request, word);
  await givenEarlierChat(page, story.id);

  await page.goto(`/dashboard/story/${story.id}/read`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/story/${story.id}$`));
  await expect(page.getByRole("textbox", { name: "Story content" })).toContainText(story.body);
});

test("a free user never sees a mature story: not in Discover, search or browse, not in the reader, no public page", async ({
  browser,
  page,
  baseURL,
}) => {
  const author = await apiUser(browser, baseURL!);
  const word = token();
  // A general story with the same word shows the searches work; two mature ones: marked, and by the NSFW rule.
  const general = await publishedStory(author.request, word);
  const marked = await createStory(author.request, { title: `Marked ${word}`, content: storyHtml(word) });
  await publish(author.request, marked, {
    title: `Marked ${word}`,
    description: "A storm at sea.",
    tags: ["Drama"],
    markedMature: true,
  });
  const byRule = await createStory(author.request, { title: `Rated ${word}`, content: storyHtml(word) });
  await publish(author.request, byRule, { title: `Rated ${word}`, description: "A tale with adult themes." });
  const mature = [
    { id: marked, title: `Marked ${word}` },
    { id: byRule, title: `Rated ${word}` },
  ];
  for (const story of mature) {
    const own = await author.request.get(`/api/stories/${story.id}`);
    expect(await own.json()).toMatchObject({ published: true });
  }

  const free = await createVerifiedUser(page.request);
  await signIn(page, free);

  // The API: search, with and without nsfw=1, answers only the general story.
  for (const nsfw of ["", "&nsfw=1"]) {
    const found = await page.request.get(`/api/published-stories?q=${word}&limit=50${nsfw}`);
    expect(found.status()).toBe(200);
    expect(((await found.json()) as { id: number }[]).map((s) => s.id)).toEqual([general.id]);
  }
  const newest = await page.request.get("/api/published-stories?sort=new&limit=50&nsfw=1");
  const newestIds = ((await newest.json()) as { id: number }[]).map((s) => s.id);
  expect(newestIds).toContain(general.id);
  for (const story of mature) expect(newestIds).not.toContain(story.id);

  // Dashboard Discover: both feeds, and the NSFW switch is locked with its tooltip.
  const discover = page.getByTestId("discover-section");
  for (const feed of ["Featured", "For You"]) {
    await discover.getByRole("tab", { name: feed }).click();
    const grid = discover.getByRole("list", { name: "Discover stories" });
    await expect(grid.getByTestId("discover-story").first()).toBeVisible();
    for (const story of mature) await expect(grid).not.toContainText(story.title);
  }
  const toggle = discover.getByTestId("nsfw-toggle");
  await expect(toggle).toHaveAttribute("aria-disabled", "true");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.hover();
  await expect(page.getByRole("tooltip", { name: NSFW_LOCKED })).toBeVisible();
  // NOTE: aria-disabled, so Playwright will not click it; a keyboard press is what a user can still do.
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(discover.getByRole("link", { name: NSFW_LOCKED })).toHaveAttribute("href", "/dashboard/upgrade");
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  // The browse page: the search finds the general story only; newest first lists no mature one.
  await page.goto(`/dashboard/discover?q=${word}`);
  const results = page.getByTestId("discover-results").getByTestId("discover-story");
  await expect(results).toHaveCount(1);
  await expect(results).toContainText(general.title);
  await page.getByLabel("Search stories").fill("");
  await expect(page).toHaveURL(/\/dashboard\/discover$/);
  // The general story is listed (journeys in other workers publish too, so it need not lead the list); the two
  // mature ones, published after it, are not.
  await expect(page.getByTestId("discover-results")).toContainText(general.title);
  for (const story of mature) await expect(page.getByTestId("discover-results")).not.toContainText(story.title);
  const browseToggle = page.getByTestId("nsfw-toggle");
  await expect(browseToggle).toHaveAttribute("aria-disabled", "true");

  // The reader says 'Story not found'; there is no public page, for the free user or anyone signed out.
  for (const story of mature) {
    await page.goto(`/dashboard/story/${story.id}/read`);
    await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND })).toBeVisible();
    await expect(page.getByText(story.title)).toHaveCount(0);
    expect((await page.request.get(`/api/stories/${story.id}/read`)).status()).toBe(404);
    expect((await page.request.post(`/api/stories/${story.id}/bookmark`)).status()).toBe(404);
    expect((await page.request.get(publicStoryPath(story.id, story.title))).status()).toBe(404);
    const signedOut = await browser.newContext({ baseURL });
    expect((await signedOut.request.get(publicStoryPath(story.id, story.title))).status()).toBe(404);
    await signedOut.close();
  }
  const bookmarks = await page.request.get("/api/bookmarks");
  expect(await bookmarks.json()).toEqual([]);
});

test("an unpublished story is not found in the reader, nor once its author unpublishes it", async ({
  browser,
  page,
  baseURL,
}) => {
  const author = await apiUser(browser, baseURL!);
  const word = token();
  const draft = await createStory(author.request, { title: `Draft ${word}`, content: storyHtml(word) });
  const story = await publishedStory(author.request, word);

  await signIn(page, await createVerifiedUser(page.request));
  await page.goto(`/dashboard/story/${draft}/read`);
  await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND })).toBeVisible();
  await expect(page.getByText(word)).toHaveCount(0);

  // Read once (so a cache holds it), then the author unpublishes: the reader and the public page are gone.
  await page.goto(`/dashboard/story/${story.id}/read`);
  await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
  expect((await page.request.get(publicStoryPath(story.id, story.title))).status()).toBe(200);
  const unpublished = await author.request.post(`/api/stories/${story.id}/unpublish`);
  expect(unpublished.status(), await unpublished.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND })).toBeVisible();
  expect((await page.request.get(publicStoryPath(story.id, story.title))).status()).toBe(404);
  const search = await page.request.get(`/api/published-stories?q=${word}`);
  expect(await search.json()).toEqual([]);
});
