// Canon packs (issue 20, section 2): writer A makes a pack for a fandom on a laptop, adds an entry and publishes it;
// writer B, on a phone, finds it among the fandom's published packs, copies it and sees the entry in their own pack.
// Both widths in one journey, with screenshots and an accessibility check of the page at each.
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

async function signedInPage(browser: Browser, baseURL: string | undefined, size: typeof DESKTOP, user: TestUser) {
  const context = await browser.newContext({ baseURL, viewport: size });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

async function noSeriousViolations(page: Page, label: string) {
  const findings = await axe(page).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = findings.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, label).toEqual([]);
}

test("a writer publishes a canon pack and another copies it into their own (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const fandom = `Saltwind ${randomBytes(3).toString("hex")}`;
  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()?.width}.png`), fullPage: true });

  // Writer A, on a laptop: from the dashboard's sidebar to the page, a new pack, an entry, then Publish.
  const a = await createVerifiedUser((await browser.newContext({ baseURL })).request);
  const laptop = await signedInPage(browser, baseURL, DESKTOP, a);
  await laptop.getByRole("link", { name: "Canon packs" }).click();
  await expect(laptop.getByRole("heading", { name: "Canon packs", level: 1 })).toBeVisible();
  const newPack = laptop.getByRole("form", { name: "New canon pack" });
  await newPack.getByLabel("Fandom").fill(fandom);
  await newPack.getByRole("button", { name: "Create pack" }).click();
  const pack = laptop.getByTestId("canon-pack").filter({ hasText: fandom });
  await expect(pack).toContainText("0 entries");
  await pack.getByRole("button", { name: /Show entries/ }).click();
  await pack.getByRole("button", { name: "Add entry" }).click();
  const form = pack.getByRole("form", { name: "New entry" });
  await form.getByLabel("Kind").selectOption("character");
  await form.getByLabel("Name").fill("Pip Marlow");
  await form.getByLabel("Keys").fill("Pip, P");
  await form.getByLabel("Description").fill("A thief of the Saltwind docks, Mika's sister.");
  await form.getByRole("button", { name: "Add entry" }).click();
  // A key of one character is refused at its field; fixed, the entry is saved.
  await expect(form.getByText("Each key must be at least 2 characters")).toBeVisible();
  await form.getByLabel("Keys").fill("Pip, the thief");
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(pack.getByTestId("canon-entry")).toContainText("Pip Marlow");
  await expect(pack).toContainText("1 entry");
  await pack.getByRole("button", { name: `Publish ${fandom}` }).click();
  await expect(pack).toContainText("Published");
  await shoot(laptop, "a-pack");
  await noSeriousViolations(laptop, "A at 1280 px");

  // Writer B, on a phone: finds the fandom's published packs and copies A's.
  const b = await createVerifiedUser((await browser.newContext({ baseURL })).request);
  const phone = await signedInPage(browser, baseURL, PHONE, b);
  // Opened by its address this time: the server knows the page.
  await phone.goto("/dashboard/canon");
  const search = phone.getByRole("form", { name: "Find published packs" });
  await search.getByLabel("Fandom").fill(fandom.toUpperCase());
  await search.getByRole("button", { name: "Find packs" }).click();
  const found = phone.getByTestId("published-pack").filter({ hasText: fandom });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`by ${a.username}`);
  await expect(found).toContainText("1 entry");
  await found.getByRole("button", { name: /Preview entries/ }).click();
  await expect(found.getByTestId("canon-entry")).toContainText("Pip Marlow");
  await shoot(phone, "b-browse");
  await noSeriousViolations(phone, "B at 390 px");
  await found.getByRole("button", { name: /Copy to my packs/ }).click();
  await expect(phone.getByText(`Copied 1 entry into your ${fandom} pack`)).toBeVisible();

  const copy = phone.getByTestId("my-packs").getByTestId("canon-pack").filter({ hasText: fandom });
  await expect(copy).toContainText(`Copied from ${a.username}'s pack`);
  await expect(copy).toContainText("Private");
  await copy.getByRole("button", { name: /Show entries/ }).click();
  await expect(copy.getByTestId("canon-entry")).toContainText("Pip Marlow");
  // B's copy is B's to change.
  await copy.getByRole("button", { name: "Edit Pip Marlow" }).click();
  const edit = copy.getByRole("form", { name: "Edit Pip Marlow" });
  await edit.getByLabel("Description").fill("A thief of the Saltwind docks, now Mika's partner.");
  await shoot(phone, "b-edit");
  await edit.getByRole("button", { name: "Save entry" }).click();
  await expect(copy.getByTestId("canon-entry")).toContainText("now Mika's partner");
  await shoot(phone, "b-copy");

  // The same page on B's laptop.
  await resizeTo(phone, DESKTOP);
  await expect(copy.getByTestId("canon-entry")).toContainText("Pip Marlow");
  await shoot(phone, "b-copy");
  await noSeriousViolations(phone, "B at 1280 px");
});
