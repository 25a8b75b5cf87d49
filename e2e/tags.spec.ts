// Tags readers can see and filter (issue 17, section 4), at desktop and phone widths: a reader excludes a tag in
// Discover and never sees a story carrying it, whatever case the author wrote it in; opens a story, sees its
// rating, status and tags before the text, and 'Back to Discover' (and the browser's Back) restore the filters.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const SHOTS = process.env.TAGS_SHOTS;

interface Library {
  shared: string;
  excluded: string;
  kept: { id: number; title: string };
  hidden: { id: number; title: string };
}

/** An author publishes two stories sharing one tag; only one carries the tag the reader will exclude. */
async function givenLibrary(browser: Browser, baseURL: string): Promise<Library> {
  const word = randomBytes(3).toString("hex");
  const context = await browser.newContext({ baseURL });
  const request: APIRequestContext = context.request;
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(login.status()).toBe(200);
  const shared = `Lighthouse ${word}`;
  const excluded = `Spiders ${word}`;
  const publish = async (title: string, tagging: Record<string, unknown>) => {
    const created = await request.post("/api/stories", { data: { title, content: `<p>${title} begins.</p>` } });
    const { id } = (await created.json()) as { id: number };
    const res = await request.post(`/api/stories/${id}/publish`, {
      data: { title, description: "A keeper and a storm.", ...tagging },
    });
    expect(res.status(), await res.text()).toBe(200);
    return { id, title };
  };
  // The author writes the excluded tag in capitals; the reader will type it in lower case.
  const hidden = await publish(`Webs ${word}`, {
    freeformTags: [shared, excluded.toUpperCase()],
    warnings: ["Graphic depictions of violence"],
    rating: "teen",
  });
  const kept = await publish(`Calm ${word}`, {
    freeformTags: [shared],
    relationships: [`Ilsa Varn/Pip Marlow ${word}`],
    status: "complete",
    rating: "general",
  });
  await context.close();
  return { shared, excluded: excluded.toUpperCase(), kept, hidden };
}

async function expectOnlyKept(page: Page, library: Library) {
  const cards = page.getByTestId("discover-story");
  await expect(cards.filter({ hasText: library.kept.title })).toHaveCount(1);
  await expect(cards.filter({ hasText: library.hidden.title })).toHaveCount(0);
}

test("a reader excludes a tag and never sees a story carrying it; Back keeps the filters", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const library = await givenLibrary(browser, baseURL!);
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await signIn(page, await createVerifiedUser(page.request));
    await page.goto(`/dashboard/discover?tag=${encodeURIComponent(library.shared)}`);
    const cards = page.getByTestId("discover-story");
    await expect(cards.filter({ hasText: library.hidden.title })).toHaveCount(1);
    await expect(cards.filter({ hasText: library.kept.title })).toContainText("Complete");

    const exclude = page.getByTestId("exclude-tags").getByRole("combobox");
    // Enter takes the suggestion (the author's spelling) once it shows; either spelling excludes the same tag.
    await exclude.fill(library.excluded.toLowerCase());
    await expect(page.getByRole("option", { name: library.excluded })).toHaveAttribute("aria-selected", "true");
    await exclude.press("Enter");
    await expect(page).toHaveURL(/exclude=spiders/i);
    await expectOnlyKept(page, library);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/discover-${viewport.width}.png`, fullPage: true });

    await cards.filter({ hasText: library.kept.title }).getByRole("link", { name: library.kept.title }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/story/${library.kept.id}/read`));
    const tagging = page.getByTestId("story-tagging");
    await expect(tagging).toContainText("General");
    await expect(tagging).toContainText("Complete");
    await expect(tagging.getByRole("link", { name: library.shared })).toHaveAttribute(
      "href",
      `/t/${encodeURIComponent(library.shared)}`,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reader-${viewport.width}.png` });

    await page.getByTestId("reader-back").click();
    await expect(page).toHaveURL(/\/dashboard\/discover\?.*exclude=spiders/i);
    await expect(page.getByTestId("exclude-tags").getByRole("list")).toContainText(library.excluded);
    await expectOnlyKept(page, library);

    // The browser's Back from the story restores them too.
    await cards.filter({ hasText: library.kept.title }).getByRole("link", { name: library.kept.title }).click();
    await expect(page.getByTestId("story-tagging")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/exclude=spiders/i);
    await expectOnlyKept(page, library);

    // A tag on the reader opens its public page, which lists every story carrying it.
    await cards.filter({ hasText: library.kept.title }).getByRole("link", { name: library.kept.title }).click();
    await page.getByTestId("story-tagging").getByRole("link", { name: library.shared }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(library.shared);
    await expect(page.getByRole("link", { name: library.hidden.title })).toBeVisible();
    await expect(page.getByRole("link", { name: library.kept.title })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tag-page-${viewport.width}.png`, fullPage: true });
    if (SHOTS) {
      await page.getByRole("link", { name: library.hidden.title }).click();
      await expect(page.locator(".tagging")).toContainText("Graphic depictions of violence");
      await page.screenshot({ path: `${SHOTS}/public-page-${viewport.width}.png` });
      // The author's side: the details page's tagging fields.
      const created = await page.request.post("/api/stories", { data: { title: "Shot", content: "<p>x</p>" } });
      const { id } = (await created.json()) as { id: number };
      await page.goto(`/dashboard/story/${id}/details`);
      const fields = page.getByTestId("tagging-fields");
      await fields.getByTestId("relationship-tags").getByRole("combobox").fill("Ilsa Varn/Pip Marlow");
      await fields.getByTestId("relationship-tags").getByRole("combobox").press("Enter");
      await fields.scrollIntoViewIfNeeded();
      await fields.screenshot({ path: `${SHOTS}/details-tagging-${viewport.width}.png` });
    }
    await context.close();
  }
});
