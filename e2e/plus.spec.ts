// Journey: FicForge Plus with the demo checkout (issue 10). A free writer runs out of prompts, upgrades through the
// local test checkout, gets the brand, unlimited prompts and the NSFW switch, then cancels in the portal and is free
// again when the paid period ends.
import { axe } from "./support/axe";
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { makePng } from "./support/images";
import { givenEarlierChat, marinPane, promptsLeft, spendPrompt } from "./support/marin";

const SHOTS = "e2e/.artifacts/plus";

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });

async function createStory(page: Page, title: string): Promise<StoryView> {
  const response = await page.request.post("/api/stories", { data: { title, content: "<p>The tide came in.</p>" } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoryView;
}

async function ask(page: Page, text: string): Promise<void> {
  const marin = marinPane(page);
  await marin.input.fill(text);
  await marin.input.press("Enter");
  await expect(marin.stop).toBeHidden({ timeout: 30_000 });
}

/** Subscribes through the demo checkout, as a writer does: Upgrade, Subscribe, Pay. */
async function subscribe(page: Page): Promise<void> {
  await page.goto("/dashboard/upgrade");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("Subscription successful!")).toBeVisible();
}

test.use({ viewport: { width: 1280, height: 800 } });

test("limit → Upgrade → demo checkout → Pay → Plus perks → Manage Subscription → cancel → free at period end", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, await createVerifiedUser(page.request));
  await expect(sidebar(page).getByRole("link", { name: "FicForge", exact: true })).toBeVisible();
  const story = await createStory(page, "Harbour Lights");
  await givenEarlierChat(page, story.id);
  for (let i = 0; i < 3; i++) await spendPrompt(page.request, story.id);

  // The fourth prompt meets the daily limit; 'Upgrade' leads to the upgrade page.
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  await expect(marin.overlay).toContainText("Daily Limit Exceeded");
  // Marin's response options are Plus: shown, locked, with the way to unlock them.
  await marin.pane.getByTestId("marin-options-button").click();
  const options = marin.pane.getByTestId("marin-options");
  await expect(options.getByRole("radio", { name: /^Muse/ })).toHaveAttribute("aria-disabled", "true");
  await expect(options.getByRole("link", { name: /Unlock with FicForge Plus/ })).toHaveAttribute(
    "href",
    "/dashboard/upgrade",
  );
  await marin.pane.getByTestId("marin-options-button").click();
  await marin.overlay.getByRole("button", { name: "View Options" }).click();
  const dialog = page.getByRole("dialog", { name: "Daily AI Limit Reached" });
  await dialog.getByRole("link", { name: /Upgrade/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgrade$/);

  // The upgrade page: five perks, the price, back to the dashboard, and the subscribe button.
  const upgrade = page.getByRole("main");
  await expect(upgrade.getByTestId("plus-perk")).toHaveCount(5);
  await expect(upgrade).toContainText("$9.99");
  await expect(upgrade.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await page.screenshot({ path: `${SHOTS}/upgrade-free.png`, fullPage: true });
  await upgrade.getByRole("button", { name: "Subscribe" }).click();

  // The demo checkout: clearly a test; Pay returns like Stripe does.
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await expect(page.getByText(/no money moves/i).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/demo-checkout.png`, fullPage: true });
  const checkoutUrl = page.url();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("Subscription successful!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/upgrade$/);
  await page.screenshot({ path: `${SHOTS}/upgrade-success.png`, fullPage: true });
  // Back on the paid checkout: it says it is paid and offers no second Pay.
  await page.goto(checkoutUrl);
  await expect(page.getByRole("heading", { name: "This checkout is paid" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/demo-checkout-paid.png`, fullPage: true });
  await page.getByRole("link", { name: "Return to FicForge" }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgrade$/);

  // Premium: the brand, no Upgrade link, unlimited prompts.
  await expect(sidebar(page).getByRole("link", { name: "FicForge+", exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Upgrade" })).toHaveCount(0);
  expect(await promptsLeft(page.request)).toBeNull();
  await page.goto(`/dashboard/story/${story.id}`);
  await expect(marin.overlay).toBeHidden();
  for (const question of ["Who is the lighthouse keeper?", "What does she want?"]) await ask(page, question);
  // The three prompts spent from elsewhere were chats about this story: the stored chat shows them too (issue 20).
  await expect(marin.assistantMessages).toHaveCount(3 + 2);
  // Plus options: a long answer in the Muse style is full of what-ifs.
  await marin.pane.getByTestId("marin-options-button").click();
  // NOTE: the radios are drawn as their labels (the inputs are visually hidden), so a writer clicks the label.
  for (const choice of ["Long", "Muse"]) {
    await options.getByText(choice, { exact: true }).click();
    await expect(options.getByRole("radio", { name: new RegExp(`^${choice}`) })).toBeChecked();
  }
  await page.screenshot({ path: `${SHOTS}/premium-options.png` });
  // The button's summary stays readable on its hover colour (issue 16: it was 4.34:1).
  await marin.pane.getByTestId("marin-options-button").hover();
  const contrast = await axe(page)
    .include('[data-testid="marin-options-button"]')
    .withRules(["color-contrast"])
    .analyze();
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([]);
  await marin.pane.getByTestId("marin-options-button").click();
  await ask(page, "Give me ideas for the next scene");
  await expect(marin.assistantMessages.last()).toContainText("What if");
  await page.screenshot({ path: `${SHOTS}/premium-muse-answer.png` });
  await expect(page.getByRole("dialog", { name: "Daily AI Limit Reached" })).toHaveCount(0);

  // The NSFW switch works.
  await page.goto("/dashboard");
  const toggle = page.getByTestId("discover-section").getByTestId("nsfw-toggle");
  await expect(toggle).not.toHaveAttribute("aria-disabled", "true");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  // The wizard's NSFW theme card is unlocked: it is picked, not sent to the upgrade page.
  await page.goto("/dashboard/create");
  const nsfwTheme = page.getByRole("button", { name: /^NSFW/ });
  await expect(nsfwTheme).toHaveAttribute("aria-pressed", "false");
  await nsfwTheme.click();
  await expect(nsfwTheme).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/dashboard\/create$/);

  // Manage Subscription opens the (demo) portal: cancel, then the paid period ends.
  await sidebar(page).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Manage Subscription" }).click();
  await expect(page).toHaveURL(/\/demo-portal\//);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  // It asks first, and says when access ends.
  await expect(page.getByRole("heading", { name: "Cancel your subscription?" })).toBeVisible();
  await expect(page.getByText(/You keep FicForge Plus until/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/demo-portal-confirm-cancel.png`, fullPage: true });
  await page.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByText(/ends on/i).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/demo-portal-canceled.png`, fullPage: true });
  // Still Plus until the paid period ends.
  expect(((await (await page.request.get("/api/user")).json()) as { isPremium: boolean }).isPremium).toBe(true);
  await page.getByRole("button", { name: /End the billing period now/ }).click();
  await page.getByRole("link", { name: /Return to FicForge/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("button", { name: "Manage Subscription" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("link", { name: "FicForge", exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Upgrade" })).toBeVisible();
  expect(await promptsLeft(page.request)).toBe(0);
});

test("a Plus writer gives a story a reader background that readers see, and exports it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));

  // Free: the background is shown locked on the details page; export is free on every plan (decision 0051).
  const story = await createStory(page, "Lantern Coast");
  await page.goto(`/dashboard/story/${story.id}/details`);
  await expect(page.getByTestId("reader-background")).toContainText("Unlock with FicForge Plus");
  expect((await page.request.get(`/api/stories/${story.id}/export?format=md`)).status()).toBe(200);

  await subscribe(page);
  await page.goto(`/dashboard/story/${story.id}/details`);
  const section = page.getByTestId("reader-background");
  await section.locator('input[type="file"]').setInputFiles({
    name: "coast.png",
    mimeType: "image/png",
    buffer: await makePng(page, 1600, 900),
  });
  const dialog = page.getByRole("dialog", { name: "Crop background image" });
  await dialog.getByRole("button", { name: "Apply crop" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId("reader-background-mock")).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Changes saved")).toBeVisible();
  const saved = (await (await page.request.get(`/api/stories/${story.id}`)).json()) as StoryView;
  expect(saved.readerBackground).toMatch(/^\/api\/images\//);
  await page.screenshot({ path: `${SHOTS}/details-background.png`, fullPage: true });

  // Export: the saved story as a Markdown file.
  const href = await page.getByTestId("story-export").getByRole("link", { name: "Markdown" }).getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="Lantern-Coast\.md"/);
  expect(await file.text()).toContain("# Lantern Coast");

  // Another (free) reader sees the picture behind the story.
  const publish = await page.request.post(`/api/stories/${story.id}/publish`, {
    data: { title: "Lantern Coast", description: "A coast of lanterns." },
  });
  expect(publish.status(), await publish.text()).toBe(200);
  const reader = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const readerPage = await reader.newPage();
  await signIn(readerPage, await createVerifiedUser(readerPage.request));
  await readerPage.goto(`/dashboard/story/${story.id}/read`);
  await expect(readerPage.getByRole("heading", { level: 1, name: "Lantern Coast" })).toBeVisible();
  await expect(readerPage.getByTestId("reader-backdrop-image")).toHaveAttribute(
    "style",
    new RegExp(saved.readerBackground!.replaceAll("/", "\\/")),
  );
  await readerPage.screenshot({ path: `${SHOTS}/reader-background.png` });
  await reader.close();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the upgrade page and the demo checkout fit; Cancel comes back with 'Subscription canceled'", async ({
    page,
  }) => {
    await signIn(page, await createVerifiedUser(page.request));
    await page.goto("/dashboard/upgrade");
    const subscribe = page.getByRole("button", { name: "Subscribe" });
    await expect(subscribe).toBeInViewport();
    await expect(page.getByTestId("plus-perk")).toHaveCount(5);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/phone-upgrade.png`, fullPage: true });

    await subscribe.click();
    await expect(page).toHaveURL(/\/demo-checkout\//);
    await expect(page.getByRole("button", { name: "Cancel" })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/phone-demo-checkout.png`, fullPage: true });
    await page.getByRole("button", { name: "Cancel" }).click();

    // Back on the upgrade page: the toast once, the parameter gone, still free.
    await expect(page.getByText("Subscription canceled")).toBeVisible();
    await expect(page.getByText("Your subscription process was canceled. No charges were made.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/upgrade$/);
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
    expect(((await (await page.request.get("/api/user")).json()) as { isPremium: boolean }).isPremium).toBe(false);
    await page.reload();
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expect(page.getByText("Subscription canceled")).toHaveCount(0);
  });
});
