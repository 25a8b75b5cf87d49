// Journey (issue 33): an organiser makes an anonymous, unrevealed collection and opens a gift exchange in it; three
// fans sign up (one on a phone, through the form); sign-ups close, matching pairs everyone and sends the assignments;
// each posts a gift (one on a phone, from My assignments). Until the reveal the gifts are hidden and nobody is told;
// the organiser's 'Reveal now' shows them, tells each recipient of their gift, and names its creator.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { MyAssignmentView } from "../src/shared/schemas/exchange";
import type { NotificationPage } from "../src/shared/schemas/community";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const FANDOM = "Harry Potter";
const CHOICES = { fandoms: [FANDOM], characters: [], relationships: [] };

async function signedInPage(browser: Browser, viewport = DESKTOP): Promise<{ page: Page; user: TestUser }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  return { page, user };
}

test("an organiser runs a gift exchange: sign-ups, matching, anonymous gifts, and the reveal", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `gx_${randomBytes(4).toString("hex")}`;
  const organiser = await signedInPage(browser);
  const { page } = organiser;

  // The organiser makes the collection from the Collections page.
  await page.getByRole("link", { name: "Collections" }).first().click();
  const form = page.getByRole("form", { name: "New collection" });
  await form.getByLabel("URL name").fill(name);
  await form.getByLabel("Title", { exact: true }).fill("Winter Gifts");
  await form.getByLabel("Anonymous").check();
  await form.getByLabel("Unrevealed").check();
  // NOTE: the page is left only once the collection is made: leaving at once could abort the request.
  const created = page.waitForResponse((r) => r.url().endsWith("/api/collections") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Create collection" }).click();
  expect((await created).status()).toBe(201);
  await page.goto(`/dashboard/collections/${name}`);
  await expect(page.getByRole("heading", { name: "Winter Gifts" })).toBeVisible();

  // …and opens its gift exchange with the form's own dates (sign-ups open now, for two weeks).
  await page.getByRole("navigation", { name: "Challenges" }).getByRole("link", { name: "Gift exchange" }).click();
  await page.getByRole("button", { name: "Open a gift exchange" }).click();
  await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();

  // Three fans sign up: the first on a phone, through the form; the others through the API.
  const fans = [await signedInPage(browser, PHONE), await signedInPage(browser), await signedInPage(browser)];
  const phone = fans[0]!.page;
  await phone.goto(`/dashboard/exchanges/${name}`);
  const signUp = phone.getByRole("form", { name: "Sign up" });
  for (const group of ["I offer to write", "I would like to receive"]) {
    const fieldset = signUp.getByRole("group", { name: group });
    await fieldset.getByRole("combobox").first().fill("Harry");
    await fieldset.getByRole("option", { name: FANDOM, exact: true }).click();
  }
  await signUp.getByLabel("Your prompt (what you would love to read)").fill("Snow at Hogwarts, and a letter.");
  await signUp.getByRole("button", { name: "Sign up" }).click();
  await expect(signUp.getByRole("button", { name: "Save my sign-up" })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath("signup-390.png") });
  for (const fan of fans.slice(1)) {
    const signed = await fan.page.request.post(`/api/collections/${name}/signups`, {
      data: { offers: CHOICES, requests: CHOICES, prompt: "Anything cosy." },
    });
    expect(signed.status(), await signed.text()).toBe(201);
  }

  // Sign-ups close; the organiser runs matching, sees three pairs, and sends the assignments.
  const closed = await page.request.put(`/api/collections/${name}/exchange`, {
    data: {
      signupOpensAt: new Date(Date.now() - 3_600_000).toISOString(),
      signupClosesAt: new Date(Date.now() - 1_000).toISOString(),
      dueAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await page.reload();
  await page.getByRole("button", { name: "Run matching" }).click();
  await expect(page.getByText("3 pairs")).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith("/assignments/send") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Send assignments" }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole("button", { name: "Send assignments" })).toBeDisabled();
  // Sent: the settings keep the sign-up dates and rules the pairs came from, and say so; the due date still moves.
  const settings = page.getByRole("form", { name: "Exchange settings" });
  await expect(settings.getByText(/Assignments were sent/)).toBeVisible();
  await expect(settings.getByLabel("Sign-ups close")).toBeDisabled();
  await expect(settings.getByLabel("Shared fandoms needed")).toBeDisabled();
  await expect(settings.getByLabel("Gifts due")).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath("matching-1280.png"), fullPage: true });

  // Each fan has one assignment for another fan, and posts a gift: the phone through My assignments.
  const gifts = new Map<string, { id: number; title: string; giver: string }>();
  for (const [i, fan] of fans.entries()) {
    const mine = (await (await fan.page.request.get("/api/me/assignments")).json()) as MyAssignmentView[];
    expect(mine).toHaveLength(1);
    const assignment = mine[0]!;
    expect(assignment.recipient).not.toBe(fan.user.username);
    const title = `A gift for ${assignment.recipient} ${randomBytes(2).toString("hex")}`;
    const id = await publishStory(fan.page.request, {
      title,
      content: "<p>The snow fell on the castle all night, and in the morning there was a letter.</p>",
      description: "A winter gift.",
    });
    gifts.set(assignment.recipient, { id, title, giver: fan.user.username });
    if (i === 0) {
      await phone.goto("/dashboard/assignments");
      const post = phone.getByRole("form", { name: "Post your gift" });
      await post.getByLabel("Post your gift").selectOption({ label: title });
      await post.getByRole("button", { name: "Post your gift" }).click();
      await expect(phone.getByText(`Gift posted: ${title}`)).toBeVisible();
      await phone.screenshot({ path: testInfo.outputPath("assignments-390.png") });
    } else {
      const posted = await fan.page.request.post(`/api/me/assignments/${assignment.id}/fulfil`, {
        data: { storyId: id },
      });
      expect(posted.status(), await posted.text()).toBe(200);
    }
  }
  expect([...gifts.keys()].sort()).toEqual(fans.map((f) => f.user.username).sort());

  // Until the reveal: a recipient cannot open their gift, the collection lists nothing, and nobody was told.
  const giftNotes = async (fan: (typeof fans)[number]) => {
    const notes = (await (await fan.page.request.get("/api/notifications")).json()) as NotificationPage;
    return notes.items.filter((n) => n.type === "gift").map((n) => `${n.actor?.username}: ${n.story?.title}`);
  };
  for (const fan of fans) {
    const gift = gifts.get(fan.user.username)!;
    expect((await fan.page.request.get(`/s/${gift.id}`)).status()).toBe(404);
    expect(await giftNotes(fan)).toEqual([]);
  }
  const before = await (await fans[1]!.page.request.get(`/c/${name}`)).text();
  for (const gift of gifts.values()) expect(before).not.toContain(gift.title);

  // The organiser reveals: each recipient is told of their gift by its creator's name and reads it.
  await page.goto(`/dashboard/collections/${name}`);
  await page.getByRole("button", { name: "Reveal now" }).click();
  await expect(page.getByText("Revealed: creators and works are now shown.")).toBeVisible();
  for (const fan of fans) {
    const gift = gifts.get(fan.user.username)!;
    await expect.poll(() => giftNotes(fan), { timeout: 30_000 }).toEqual([`${gift.giver}: ${gift.title}`]);
  }
  const recipient = fans[0]!;
  const gift = gifts.get(recipient.user.username)!;
  await phone.goto("/dashboard/notifications");
  await expect(phone.getByText(`${gift.giver} gave you a gift:`).first()).toBeVisible();
  await phone.goto(`/s/${gift.id}`);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText(gift.title);
  await expect(phone.locator("main")).toContainText(gift.giver);
  await phone.screenshot({ path: testInfo.outputPath("revealed-390.png") });
  await resizeTo(phone, DESKTOP);
  await phone.goto(`/c/${name}`);
  for (const one of gifts.values()) await expect(phone.locator("main")).toContainText(one.title);
  await phone.screenshot({ path: testInfo.outputPath("collection-1280.png"), fullPage: true });
});
