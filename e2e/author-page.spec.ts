// Author pages (issue 17, section 5): a reader follows an author's name from Discover and from the reader to
// /u/{name}; a signed-out browser with JavaScript off reads the page at desktop and phone widths, its links work, it
// never lists the author's mature or unpublished stories, and axe finds nothing serious.
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { authorPath, publicStoryPath } from "../src/shared/routes";
import { createVerifiedUser, ownAddress, signIn, type TestUser } from "./support/accounts";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const SHOTS = process.env.AUTHOR_PAGE_SHOTS;

const token = () => `tok${randomBytes(4).toString("hex")}`;

interface Author {
  user: TestUser;
  bio: string;
  shown: { id: number; title: string; description: string };
  mature: string;
  draft: string;
}

async function story(request: APIRequestContext, title: string, publish?: Record<string, unknown>): Promise<number> {
  const created = await request.post("/api/stories", { data: { title, content: `<p>${title} begins here.</p>` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (publish) {
    const published = await request.post(`/api/stories/${id}/publish`, { data: { title, ...publish } });
    expect(published.status(), await published.text()).toBe(200);
  }
  return id;
}

/** An author with a bio, one general story (tagged), one marked mature and one draft, all through the API. */
async function givenAuthor(browser: Browser, baseURL: string, word: string): Promise<Author> {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(login.status(), await login.text()).toBe(200);
  const bio = `Writes about lighthouses and the people who keep them. ${word}`;
  const profile = await request.patch("/api/user", { data: { username: user.username, description: bio } });
  expect(profile.status(), await profile.text()).toBe(200);
  const title = `Harbour Lights ${word}`;
  const description = "A keeper, a storm and a ship that should not be there.";
  const id = await story(request, title, { description, tags: ["Drama", "Adventure"] });
  const mature = `Night Tide ${word}`;
  await story(request, mature, { description: "Not for everyone.", markedMature: true });
  const draft = `Unfinished Draft ${word}`;
  await story(request, draft);
  await context.close();
  return { user, bio, shown: { id, title, description }, mature, draft };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a reader follows an author's name to their page, which reads signed out without JavaScript", async ({
  browser,
  page,
  baseURL,
}) => {
  const word = token();
  const author = await givenAuthor(browser, baseURL!, word);
  const name = author.user.username;

  // Signed in: Discover's card names the author with a link to their page; the card itself still opens the reader.
  await signIn(page, await createVerifiedUser(page.request));
  await page.goto("/dashboard/discover");
  await page.getByLabel("Search stories").fill(word);
  const card = page.getByTestId("discover-results").getByTestId("discover-story");
  await expect(card).toHaveCount(1);
  if (SHOTS) {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}/discover-${viewport.width}.png` });
    }
  }
  await card.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`${authorPath(name)}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.goBack();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/story/${author.shown.id}/read$`));
  await expect(page.getByRole("heading", { level: 1, name: author.shown.title })).toBeVisible();
  if (SHOTS) {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}/reader-${viewport.width}.png` });
    }
  }
  // The reader's byline links there too.
  await page.getByTestId("reader-author").click();
  await expect(page).toHaveURL(new RegExp(`${authorPath(name)}$`));
  await expect(page.getByText(author.bio)).toBeVisible();

  // Signed out, JavaScript off, at both widths.
  const stranger = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const reader = await stranger.newPage();
    for (const viewport of WIDTHS) {
      await reader.setViewportSize(viewport);
      // Another case of the name is moved to the author's own spelling.
      const response = await reader.goto(authorPath(name.toUpperCase()));
      expect(response?.status()).toBe(200);
      await expect(reader).toHaveURL(new RegExp(`${authorPath(name)}$`));
      await expect(reader.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(reader.getByText(author.bio)).toBeVisible();
      const works = reader.getByRole("region", { name: "Stories" });
      await expect(works.getByRole("article")).toHaveCount(1);
      await expect(works.getByText(author.shown.description)).toBeVisible();
      await expect(works.getByRole("list", { name: "About this story" }).getByRole("listitem")).toHaveText([
        "Not Rated",
        "Adventure",
        "Drama",
        "In progress",
        "5 words",
      ]);
      await expect(reader.getByText(author.mature)).toHaveCount(0);
      await expect(reader.getByText(author.draft)).toHaveCount(0);
      await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute("content", `${name} on FicForge`);
      await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${authorPath(name)}$`));
      // axe needs script, which this context has none of; the page is the same for every visitor.
      await page.setViewportSize(viewport);
      await page.goto(authorPath(name));
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await reader.screenshot({ path: `${SHOTS}/author-${viewport.width}.png`, fullPage: true });

      // The story's link opens its public page, whose byline leads back.
      await works.getByRole("link", { name: author.shown.title }).click();
      await expect(reader).toHaveURL(new RegExp(`${publicStoryPath(author.shown.id, author.shown.title)}$`));
      await expect(reader.getByRole("heading", { level: 1, name: author.shown.title })).toBeVisible();
      await reader.getByRole("link", { name }).click();
      await expect(reader).toHaveURL(new RegExp(`${authorPath(name)}$`));
    }
    expect((await stranger.cookies()).length).toBe(0);
    const unknown = await reader.goto(authorPath(`nobody_${word}`));
    expect(unknown?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});
