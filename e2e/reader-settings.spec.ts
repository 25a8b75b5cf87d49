// The reader's own page (issue 31, section 2), at 1280 then 390 px: a reader switches to sepia serif large text in
// the reader's 'Aa' panel and the work's public page keeps it (no script there); a visitor reaches the same settings
// from the public page's form; 'Hide warnings and tags until I choose' hides them on Discover's cards and the public
// pages until 'show'; the reader's progress says the minutes left in the chapter. Every theme shot at both widths.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { axe } from "./support/axe";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const word = () => randomBytes(3).toString("hex");
const LONG = Array.from(
  { length: 40 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the lanterns along the harbour wall came on one by one, and Mara counted them the way she had as a child, not to know how many there were but to be sure that none had been forgotten by the keeper.</p>`,
).join("");

async function signedInPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signIn(page, await createVerifiedUser(page.request));
  return page;
}

async function publishTagged(author: Page, title: string): Promise<{ id: number }> {
  const created = await author.request.post("/api/stories", { data: { title, content: LONG } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await author.request.post(`/api/stories/${id}/publish`, {
    data: {
      title,
      description: "A keeper and a storm.",
      warnings: ["Major character death"],
      freeformTags: [`Lanterns ${title.slice(-6)}`],
      rating: "teen",
    },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { id };
}

/** Picks a setting (a radio button drawn as its label) and waits for it to show as chosen. */
async function pick(scope: Page | Locator, name: string): Promise<void> {
  const radio = scope.getByRole("radio", { name, exact: true });
  await radio.click({ force: true });
  await expect(radio).toBeChecked();
}

async function expectContrast(page: Page, scope: string): Promise<void> {
  const { violations } = await axe(page).include(scope).withRules(["color-contrast"]).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);
}

const htmlAttr = (page: Page, name: string) => page.locator("html").getAttribute(name);

test("a reader switches to sepia serif large text and the public page keeps it; a visitor sets theirs without script", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const author = await signedInPage(browser, baseURL);
  const page = await signedInPage(browser, baseURL);
  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(page, viewport);
    const title = `Harbour Lights ${word()}`;
    const { id } = await publishTagged(author, title);
    await page.goto(`/dashboard/story/${id}/read`);
    // Back to the defaults first (the second width starts from the first one's choices).
    await page.request.put("/api/me/reader-settings", {
      data: { font: "sans", size: 3, width: "medium", spacing: 2, theme: "light", hideTags: false },
    });
    await page.reload();

    await page.getByTestId("reader-settings-button").click();
    const panel = page.getByRole("dialog", { name: "Reading settings" });
    await pick(panel, "Sepia");
    await pick(panel, "Serif");
    await pick(panel, "Largest");
    await expect(panel.getByTestId("panel-preview")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`reader-panel-${viewport.width}.png`) });
    await page.keyboard.press("Escape");
    const theme = page.getByTestId("reader-theme");
    await expect(theme).toHaveAttribute("data-theme", "sepia");
    await expect(theme).toHaveAttribute("data-size", "5");
    await expect(theme).not.toHaveAttribute("data-font", /./);
    // The text is larger than the default's 18–19 px.
    const size = await page
      .getByTestId("reader-body")
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThan(22);

    // Royal Road's progress: the minutes left shrink as the reader scrolls through the chapter.
    const left = page.getByTestId("reading-progress-left");
    await expect(left).toHaveText(/^\d+ min left in this chapter$/);
    const before = Number((await left.textContent())!.split(" ")[0]);
    await page.getByTestId("reader-body").locator("p").nth(30).scrollIntoViewIfNeeded();
    await expect(async () => {
      expect(Number((await left.textContent())!.split(" ")[0])).toBeLessThan(before);
    }).toPass();
    await page.getByTestId("reader-body").locator("p").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`reader-sepia-${viewport.width}.png`) });

    // The public page keeps it, drawn by the server: no script, no flash.
    const response = await page.goto(`/s/${id}`);
    expect(response?.status()).toBe(200);
    expect(await htmlAttr(page, "data-theme")).toBe("sepia");
    expect(await htmlAttr(page, "data-size")).toBe("5");
    await expect(page.locator("script")).toHaveCount(0);
    const bg = await page.locator("body").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe("rgb(244, 236, 216)");
    await page.screenshot({ path: testInfo.outputPath(`public-sepia-${viewport.width}.png`) });
  }

  // A visitor (no account, no script) picks theirs on the public page's settings form and comes back to the work.
  const visitor = await (await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE })).newPage();
  const ferry = await publishTagged(author, `Night Ferry ${word()}`);
  await visitor.goto(`/s/${ferry.id}`);
  await visitor.getByRole("link", { name: "Reading settings" }).first().click();
  await expect(visitor.getByRole("heading", { name: "Reading settings", level: 1 })).toBeVisible();
  await pick(visitor, "Dark");
  await pick(visitor, "OpenDyslexic");
  await visitor.screenshot({ path: testInfo.outputPath("public-form-390.png"), fullPage: true });
  await visitor.getByRole("button", { name: "Save" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/s/${ferry.id}-night-ferry-\\w+$`));
  expect(await htmlAttr(visitor, "data-theme")).toBe("dark");
  expect(await htmlAttr(visitor, "data-font")).toBe("dyslexic");
  // The face is served from the app, and only fetched now that a page uses it.
  await expect(async () => {
    expect(await visitor.evaluate(() => document.fonts.check('16px "OpenDyslexic"', "a"))).toBe(true);
  }).toPass();
  await visitor.screenshot({ path: testInfo.outputPath("public-dark-dyslexic-390.png") });
});

test("'Hide warnings and tags until I choose' hides them on cards and pages until 'show'", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const author = await signedInPage(browser, baseURL);
  const page = await signedInPage(browser, baseURL);
  const title = `Tidewater ${word()}`;
  const { id } = await publishTagged(author, title);
  await page.goto("/dashboard/settings");
  await page.getByTestId("reader-settings-card").getByText("Hide warnings and tags until I choose").click();
  await expect(page.getByText("Reader settings saved").first()).toBeVisible();

  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(page, viewport);
    // Discover's card: the rating stays; the warning and the tag wait for 'show'.
    await page.goto(`/dashboard/discover?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId("discover-story").filter({ hasText: title });
    await expect(card.getByTestId("card-tags")).toContainText("Teen");
    await expect(card.getByText("Major character death")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`discover-hidden-${viewport.width}.png`) });
    await card.getByRole("button", { name: "Tags hidden — show" }).click();
    await expect(card.getByText("Major character death")).toBeVisible();
    await expect(page).toHaveURL(/discover/);

    // The reader's tagging block, the same way.
    await page.goto(`/dashboard/story/${id}/read`);
    const tagging = page.getByTestId("story-tagging");
    await expect(tagging.getByText("Major character death")).toHaveCount(0);
    await tagging.getByRole("button", { name: "Tags hidden — show" }).click();
    await expect(tagging.getByText("Major character death")).toBeVisible();

    // The public page (no script): a <details> in their place.
    await page.goto(`/s/${id}`);
    const block = page.locator(".tagging");
    await expect(block.getByText("Major character death")).toBeHidden();
    await expect(block.getByText("Teen")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`public-hidden-${viewport.width}.png`) });
    await block.getByText("Tags hidden — show").click();
    await expect(block.getByText("Major character death")).toBeVisible();
  }
});

test("every theme, in the reader and on the public page, at both widths", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const author = await signedInPage(browser, baseURL);
  const page = await signedInPage(browser, baseURL);
  const { id } = await publishTagged(author, `Lamplighter ${word()}`);
  for (const [theme, scheme] of [
    ["light", "light"],
    ["sepia", "light"],
    ["dark", "light"],
    ["system", "dark"],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const put = await page.request.put("/api/me/reader-settings", {
      data: { font: "serif", size: 3, width: "medium", spacing: 2, theme, hideTags: false },
    });
    expect(put.status()).toBe(200);
    for (const viewport of [DESKTOP, PHONE]) {
      await resizeTo(page, viewport);
      await page.goto(`/dashboard/story/${id}/read`);
      await expect(page.getByTestId("reader-body")).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`theme-${theme}-reader-${viewport.width}.png`) });
      // Every theme keeps its text readable: axe's contrast rule over the reader, and over the public page.
      if (viewport === DESKTOP) await expectContrast(page, "[data-testid=reader-theme]");
      await page.goto(`/s/${id}`);
      await page.screenshot({ path: testInfo.outputPath(`theme-${theme}-public-${viewport.width}.png`) });
      if (viewport === DESKTOP) await expectContrast(page, "body");
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
});
