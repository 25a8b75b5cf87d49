// Discover as a new reader meets it (issue 27), at 1280 and 390 px: the filters fold behind 'Filters (N)' so the
// first story shows on the first screen; a card's chips are the story's own tags in AO3's order, each a link that
// finds the story again (never the wizard's moods); Enter in a tag box takes the highlighted suggestion; a filter
// that empties the list is named, with a button that removes it.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";
import { DESKTOP, PHONE } from "./support/viewport";

const SHOTS = process.env.DISCOVER_SHOTS;

interface Shelf {
  word: string;
  harvest: string;
  quiet: string;
  chips: string[];
}

/** An author publishes two stories: one fully tagged (and given strong Adventure/Action moods), one tagged Adventure. */
async function givenShelf(browser: Browser, baseURL: string): Promise<Shelf> {
  const word = `w${randomBytes(3).toString("hex")}`;
  const context = await browser.newContext({ baseURL });
  const request: APIRequestContext = context.request;
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(login.status()).toBe(200);
  const publish = async (title: string, fandoms: string[], tagging: Record<string, unknown>) => {
    const created = await request.post("/api/stories", {
      data: { title, content: `<p>${title} begins.</p>`, fandoms, moods: { adventure: 90, action: 80 } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const res = await request.post(`/api/stories/${id}/publish`, {
      data: { title, description: "A farm, a valley and a long winter.", ...tagging },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const harvest = `Harvest ${word}`;
  await publish(harvest, ["Stardew Valley"], {
    rating: "teen",
    warnings: ["Major character death"],
    relationships: [`Abigail/Sebastian ${word}`],
    characters: [`Abigail ${word}`],
    tags: ["Romance"],
    freeformTags: [`Cozy ${word}`],
  });
  const quiet = `Quiet ${word}`;
  await publish(quiet, [], { tags: ["Adventure"] });
  await context.close();
  const chips = [
    "Teen",
    "Major character death",
    "Stardew Valley",
    `Abigail/Sebastian ${word}`,
    `Abigail ${word}`,
    "Romance",
    `Cozy ${word}`,
    "In progress",
  ];
  return { word, harvest, quiet, chips };
}

test("Discover: folded filters, cards chipped with the story's tags, Enter takes a suggestion, an emptying filter is named", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const shelf = await givenShelf(browser, baseURL!);
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await signIn(page, await createVerifiedUser(page.request));
    const cards = page.getByTestId("discover-results").getByTestId("discover-story");
    const toggle = page.getByRole("button", { name: /^Filters/ });
    const include = page.getByTestId("include-tags").getByRole("combobox");

    // A plain visit: the filters are folded and the first story starts on the first screen.
    await page.goto("/dashboard/discover");
    await expect(cards.first()).toBeVisible();
    await expect(toggle).toHaveText("Filters");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(include).toBeHidden();
    if (viewport === DESKTOP) {
      const top = (await cards.first().boundingBox())!.y;
      expect(top).toBeLessThan(360);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/folded-${viewport.width}.png` });

    // The fully tagged story's card: its tags in AO3's order, each a link; none of the wizard's moods.
    await page.getByLabel("Search stories").fill(shelf.word);
    const harvest = cards.filter({ hasText: shelf.harvest });
    await expect(harvest).toHaveCount(1);
    const chips = harvest.getByTestId("card-tags").getByRole("link");
    await expect(chips).toHaveText(shelf.chips);
    await expect(harvest).not.toContainText("Action");
    await expect(cards.filter({ hasText: shelf.quiet }).getByTestId("card-tags")).toContainText("Adventure");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cards-${viewport.width}.png` });

    // Every chip finds the story it sits on, and shows as an active, removable filter.
    for (const name of ["Major character death", "Stardew Valley", `Cozy ${shelf.word}`, "Teen"]) {
      await page.goto(`/dashboard/discover?q=${shelf.word}`);
      await harvest.getByTestId("card-tags").getByRole("link", { name, exact: true }).click();
      await expect(harvest).toHaveCount(1);
      await expect(page.getByTestId("active-filters")).toContainText(name);
      await expect(toggle).toHaveText("Filters (1)");
    }

    // Filters in the URL: the panel opens. Enter takes the highlighted suggestion, not the half-typed word.
    await page.goto(`/dashboard/discover?q=${shelf.word}&status=in-progress`);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await include.fill("Adven");
    await expect(page.getByRole("option", { name: "Adventure", exact: true })).toHaveAttribute("aria-selected", "true");
    await include.press("Enter");
    await expect(page).toHaveURL(/tag=Adventure(&|$)/);
    await expect(page.getByTestId("include-tags").getByRole("list")).toHaveText("Adventure");
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(shelf.quiet);
    await expect(toggle).toHaveText("Filters (2)");

    // Nothing suggested: Enter adds what was typed. It empties the list, which says so and offers to remove it.
    const nowhere = `Nowhere ${shelf.word}`;
    await include.fill(nowhere);
    await include.press("Enter");
    await expect(page.getByTestId("discover-empty")).toBeVisible();
    await expect(page.getByTestId("emptied-by")).toHaveText(
      new RegExp(`The filter '${nowhere}' left no stories\\.\\s*Remove '${nowhere}'`),
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/emptied-${viewport.width}.png` });
    await page.getByRole("button", { name: `Remove '${nowhere}'` }).click();
    await expect(cards).toContainText(shelf.quiet);

    // Folded again, the filters stay in view as chips; removing one widens the list.
    await toggle.click();
    await expect(include).toBeHidden();
    await expect(page.getByTestId("active-filters").getByRole("listitem")).toHaveText([
      "Adventure",
      "In progress",
      "Clear all",
    ]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/chips-${viewport.width}.png` });
    await page.getByRole("button", { name: "Remove filter Adventure" }).click();
    await expect(cards.filter({ hasText: shelf.quiet })).toHaveCount(1);
    await expect(toggle).toHaveText("Filters (1)");
    await context.close();
  }
});
