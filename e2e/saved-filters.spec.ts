// Issue 31 section 4a at 1280 and 390 px: Discover shows the reader's languages and says so, with 'All languages'
// one click away; the panel's Language filter finds a French work; a reader saves 'Always exclude: Major character
// death' and Discover leaves those works out (a chip says so, 'off for this search' brings them back).
import { randomBytes } from "node:crypto";
import { type Browser, expect, test } from "@playwright/test";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";
import { DESKTOP, PHONE } from "./support/viewport";

const SHOTS = process.env.DISCOVER_SHOTS;

/** An author publishes three works: one warned for character death, one gentle, one in French. */
async function givenWorks(browser: Browser, baseURL: string) {
  const word = `f${randomBytes(3).toString("hex")}`;
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(login.status()).toBe(200);
  const publish = async (title: string, extra: Record<string, unknown>) => {
    const created = await request.post("/api/stories", { data: { title, content: `<p>${title} begins.</p>` } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const res = await request.post(`/api/stories/${id}/publish`, {
      data: { title, description: "A lighthouse keeper's winter.", ...extra },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const works = { grief: `Grief ${word}`, gentle: `Gentle ${word}`, lune: `Lune ${word}` };
  await publish(works.grief, { warnings: ["Major character death"] });
  await publish(works.gentle, {});
  await publish(works.lune, { language: "fr" });
  await context.close();
  return { word, ...works };
}

test("Discover: the reader's languages with 'All languages', a language filter, and a saved 'Always exclude'", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const works = await givenWorks(browser, baseURL!);
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await browser.newContext({ baseURL, viewport, locale: "en-US" });
    const page = await context.newPage();
    await signIn(page, await createVerifiedUser(page.request));
    const cards = page.getByTestId("discover-results").getByTestId("discover-story");
    const titles = () => cards.getByRole("heading", { level: 3 });

    // The browser's language (English) by default, and the page says so; one click shows every language.
    await page.goto(`/dashboard/discover?q=${works.word}`);
    await expect(page.getByTestId("discover-languages")).toContainText("Showing works in English (your browser's).");
    await expect(titles()).toHaveText([works.gentle, works.grief]);
    await page.getByRole("button", { name: "All languages" }).click();
    await expect(page).toHaveURL(/language=all/);
    await expect(titles()).toHaveText([works.lune, works.gentle, works.grief]);
    await expect(cards.filter({ hasText: works.lune }).getByTestId("work-language")).toHaveText("Language: Français");
    await expect(page.getByTestId("discover-languages")).toContainText("Showing works in all languages.");

    // The panel's Language filter: French only.
    await page.getByRole("button", { name: /^Filters/ }).click();
    const language = page.getByTestId("language-filter").getByRole("combobox");
    await language.fill("Fran");
    await language.press("Enter");
    await expect(page).toHaveURL(/language=fr(&|$)/);
    await expect(titles()).toHaveText([works.lune]);
    await expect(page.getByTestId("discover-languages")).toContainText("Showing works in Français.");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/language-filter-${viewport.width}.png`, fullPage: true });

    // The reader excludes Major character death, saves it by name and makes it their 'Always exclude'.
    await page.goto(`/dashboard/discover?q=${works.word}&exclude=Major+character+death`);
    await expect(titles()).toHaveText([works.gentle]);
    await page.getByTestId("save-filters").click();
    await page.getByLabel("Name these filters").fill("No death");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByTestId("saved-filter").filter({ hasText: "No death" });
    await expect(saved).toBeVisible();
    await saved.getByRole("button", { name: "Always exclude with No death" }).click();
    await expect(saved.getByRole("button", { name: "Always exclude with No death" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Every Discover view leaves those works out now, with a chip that says so.
    await page.goto(`/dashboard/discover?q=${works.word}`);
    await expect(page.getByTestId("always-exclude")).toContainText("Always exclude: Major character death");
    await expect(titles()).toHaveText([works.gentle]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-filters-${viewport.width}.png`, fullPage: true });
    // 'off for this search' brings them back for this search alone.
    await page.getByRole("button", { name: "off for this search" }).click();
    await expect(page).toHaveURL(/always=off/);
    await expect(titles()).toHaveText([works.gentle, works.grief]);
    await page.goto(`/dashboard/discover?q=${works.word}`);
    await expect(titles()).toHaveText([works.gentle]);
    // The saved filter opens in one click.
    await page.getByTestId("saved-filter").getByRole("link", { name: "No death" }).click();
    await expect(page).toHaveURL(/exclude=Major\+character\+death/);
    await context.close();
  }
});
