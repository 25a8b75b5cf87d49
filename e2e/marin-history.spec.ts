// Journey: Marin's chat keeps every turn (decision 0052). A writer makes a story in the wizard, asks Marin to write
// the next scene, reloads: the request and 'Added N words' are still there, in order, after the wizard's opening
// message; the same writer on a second device sees the same turns in the same order.
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { marinPane } from "./support/marin";

const SHOTS = "e2e/.artifacts/marin-history";
const REQUEST = "Write the next scene: they find the island of Vel at dawn";

/** The pane's turns as the writer reads them, oldest first: who said it, and what. */
async function turns(page: Page): Promise<string[]> {
  const items = marinPane(page).pane.locator('[data-testid^="marin-message-"]');
  return items.evaluateAll((lis) =>
    lis.map((li) => {
      const who = li.getAttribute("data-testid") === "marin-message-user" ? "You" : "Marin";
      const bubble = li.querySelector("div > div")?.textContent ?? "";
      return `${who}: ${bubble.replace(/^(You|Marin): /, "").trim()}`;
    }),
  );
}

test.use({ viewport: { width: 1280, height: 800 } });

test("a generation request and what it did survive a reload, and a second device sees every turn", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  const marin = marinPane(page);

  await page.getByRole("link", { name: "Create Story" }).first().click();
  await page.getByRole("button", { name: /^Enemies to Lovers/ }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Story Title").fill("The Salt Archipelago");
  await page.getByLabel("Setting", { exact: true }).fill("An archipelago of fishing islands");
  await page.getByLabel("Character description").fill("Two rival ferry captains");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Create Story" }).click();
  await expect(page).toHaveURL(/\/dashboard\/story\/\d+$/, { timeout: 30_000 });
  const storyUrl = new URL(page.url()).pathname;
  await expect(marin.assistantMessages.first()).toContainText("I've written the opening scene of");

  await marin.input.fill(REQUEST);
  await marin.input.press("Enter");
  await expect(marin.assistantMessages.last()).toContainText(/Added \d+ words to your story/, { timeout: 30_000 });
  await expect(marin.stop).toBeHidden();
  const shown = await turns(page);
  expect(shown).toEqual([
    expect.stringMatching(/^Marin: I've written the opening scene of “The Salt Archipelago”/),
    `You: ${REQUEST}`,
    expect.stringMatching(/^Marin: Added \d+ words to your story/),
  ]);

  await page.reload();
  await expect(marin.userMessages).toHaveCount(1);
  await expect.poll(() => turns(page)).toEqual(shown);

  // The same writer on another device: a separate browser context with its own sign-in.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await other.newPage();
    await signIn(phone, user);
    await phone.goto(storyUrl);
    const phoneMarin = marinPane(phone);
    await phone.getByRole("button", { name: "Show assistant" }).click();
    await expect(phoneMarin.userMessages).toHaveCount(1);
    await expect.poll(() => turns(phone)).toEqual(shown);
    await phone.screenshot({ path: `${SHOTS}/phone-history.png` });
  } finally {
    await other.close();
  }
});
