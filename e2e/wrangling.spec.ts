// Tag wrangling (issue 31): a wrangler made with `npm run admin -- grant wrangler` finds Tag wrangling in the sidebar,
// makes a new tag a synonym of a canonical one from the queue, and a reader's Discover filter on the canonical tag
// then finds the synonym's work; the synonym's tag page leads to the canonical's. At 1280 px, then 390 px.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const SHOTS = "test-results/wrangling";

/** `npm run admin` against the journeys' server: its PostgreSQL database in CI, else its PGlite (by the socket). */
function npmRunAdmin(...args: string[]): string {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const database = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {};
  return execFileSync("npm", ["run", "--silent", "admin", "--", ...args], {
    env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR, ...database },
    encoding: "utf8",
    timeout: 60_000,
  });
}

/** A new author publishes one work per free-form tag; the titles carry `word`. */
async function publishTagged(browser: Browser, baseURL: string, word: string, tags: string[]): Promise<string[]> {
  const context = await browser.newContext({ baseURL });
  const user = await createVerifiedUser(context.request);
  await context.request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  const titles: string[] = [];
  for (const tag of tags) {
    const title = `${tag} tale ${word}`;
    const created = await context.request.post("/api/stories", { data: { title, content: `<p>${title}.</p>` } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const published = await context.request.post(`/api/stories/${id}/publish`, {
      data: { title, description: "A found family on the road.", freeformTags: [tag] },
    });
    expect(published.status(), await published.text()).toBe(200);
    titles.push(title);
  }
  await context.close();
  return titles;
}

async function readerFinds(page: Page, word: string, canonical: string, titles: string[]) {
  await page.goto(`/dashboard/discover?q=${word}&tag=${encodeURIComponent(canonical)}`);
  const cards = page.getByTestId("discover-results").getByTestId("discover-story");
  await expect(cards).toHaveCount(titles.length);
  for (const title of titles) await expect(cards.filter({ hasText: title })).toHaveCount(1);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`a wrangler makes a synonym from the queue and a reader's filter on the canonical tag finds its work (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const word = `w${randomBytes(3).toString("hex")}`;
    const canonical = `Found Family ${word}`;
    const synonym = `found fam ${word}`;
    const [canonicalTitle, synonymTitle] = await publishTagged(browser, baseURL!, word, [canonical, synonym]);

    // The reader's filter before: only the canonical spelling's work.
    const readerPage = await (await browser.newContext({ baseURL, viewport })).newPage();
    await signIn(readerPage, await createVerifiedUser(readerPage.request));
    await readerFinds(readerPage, word, canonical, [canonicalTitle!]);
    // Readers don't see the wrangling link.
    await expect(readerPage.getByRole("link", { name: "Tag wrangling" })).toHaveCount(0);

    const wranglerPage = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
    const wrangler = await createVerifiedUser(wranglerPage.request);
    expect(npmRunAdmin("grant", "wrangler", wrangler.email)).toContain("is now a wrangler");
    await signIn(wranglerPage, wrangler);
    await resizeTo(wranglerPage, viewport);
    await wranglerPage.getByRole("link", { name: "Tag wrangling" }).click();
    await expect(wranglerPage.getByRole("heading", { name: "Tag wrangling" })).toBeVisible();
    // Other journeys' tags share the queue: find this one's.
    await wranglerPage.getByLabel("Find a tag in the queue").fill(word);
    const item = wranglerPage.getByTestId("wrangling-item").filter({ hasText: synonym });
    await expect(item).toContainText("1 work");
    await wranglerPage.screenshot({ path: `${SHOTS}/queue-${viewport.width}.png`, fullPage: false });
    await item.getByLabel("Synonym of").fill(canonical);
    await item.getByRole("button", { name: "Make synonym" }).click();
    await expect(wranglerPage.getByText(`${synonym} is now a synonym of ${canonical}`)).toBeVisible();
    // It leaves the queue for the recently wrangled list, where it can be undone.
    await expect(wranglerPage.getByTestId("wrangling-item").filter({ hasText: synonym })).toHaveCount(0);
    const recent = wranglerPage.getByTestId("wrangled-tag").filter({ hasText: synonym });
    await expect(recent).toContainText(`synonym of ${canonical}`);
    await expect(recent.getByRole("button", { name: "Undo synonym" })).toBeVisible();
    await wranglerPage.screenshot({ path: `${SHOTS}/wrangled-${viewport.width}.png`, fullPage: false });

    // The reader's filter on the canonical tag now finds the synonym's work too; the synonym's page leads to it.
    await readerFinds(readerPage, word, canonical, [canonicalTitle!, synonymTitle!]);
    await readerPage.goto(`/t/${encodeURIComponent(synonym)}`);
    expect(new URL(readerPage.url()).pathname).toBe(`/t/${encodeURIComponent(canonical)}`);
    await expect(readerPage.getByText(synonymTitle!)).toBeVisible();
  });
}
