// What a new reader tripped on (issue 27, section 1), at 1280 then 390 px: a block shown on the reader, its comments
// and Saved Stories; the public page signed in with Like and Bookmark that work without script; the password meter;
// a pending email change in Settings; deleting with Cancel and an export first; the collapsed sidebar's labels; the
// fandom list closing before Back. With screenshots.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE } from "./support/viewport";

const WIDTHS = [DESKTOP, PHONE];
const word = () => randomBytes(3).toString("hex");

async function signedInPage(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; user: TestUser }> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  return { page, user };
}

test("a reader blocks an author: the reader says so with Unblock, comments and Saved Stories say what is hidden", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const author = await signedInPage(browser, baseURL);
  const other = await signedInPage(browser, baseURL);
  const reader = await signedInPage(browser, baseURL);
  for (const viewport of WIDTHS) {
    const title = `Tidewater ${word()}`;
    const id = await publishStory(author.page.request, {
      title,
      content: "<p>The tide came in.</p>",
      description: "Sea.",
    });
    const kept = await publishStory(other.page.request, {
      title: `Harbor ${word()}`,
      content: "<p>Boats.</p>",
      description: "Port.",
    });
    for (const [who, text] of [
      [other, "Lovely"],
      [author, "Thanks!"],
    ] as const) {
      expect((await who.page.request.post(`/api/stories/${id}/comments`, { data: { content: text } })).status()).toBe(
        201,
      );
    }
    await reader.page.request.post(`/api/authors/${author.user.username}/follow`);
    await reader.page.request.post(`/api/stories/${id}/bookmark`);
    await reader.page.request.post(`/api/stories/${kept}/bookmark`);
    await reader.page.request.post(`/api/blocks/${author.user.username}`);

    const page = reader.page;
    await page.setViewportSize(viewport);
    await page.goto(`/dashboard/story/${id}/read`);
    const notice = page.getByTestId("blocked-author");
    await expect(notice).toContainText(`You blocked ${author.user.username}`);
    await expect(page.getByTestId("reader-follow")).toHaveCount(0);
    await expect(page.getByTestId("reader-subscribe")).toHaveCount(0);
    const comments = page.getByTestId("reader-comments");
    await expect(comments.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    await expect(comments.getByTestId("comment")).toHaveCount(1);
    await expect(page.getByTestId("comments-hidden")).toContainText("1 comment is hidden");
    await expect(page.getByTestId("saved-hidden")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`blocked-reader-${viewport.width}.png`) });

    await notice.getByRole("button", { name: `Unblock ${author.user.username}` }).click();
    await expect(notice).toHaveCount(0);
    await expect(comments.getByRole("heading", { name: "Comments (2)" })).toBeVisible();
    await expect(page.getByTestId("saved-hidden")).toHaveCount(0);
    // The block ended the follow; unblocking does not bring it back.
    await expect(page.getByTestId("reader-follow")).toHaveText(/^Follow/);
  }
});

test("the public page shows a signed-in reader, with Like and Bookmark as plain forms", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const author = await signedInPage(browser, baseURL);
  const title = `Lantern ${word()}`;
  const id = await publishStory(author.page.request, { title, content: "<p>A lamp.</p>", description: "Light." });
  const page = await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage();
  const reader = await createVerifiedUser(page.request);
  await page.request.post("/api/login", { data: { email: reader.email, password: reader.password } });
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`/s/${id}`);
    await expect(page.getByRole("link", { name: "Join free" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Read in the app" })).toHaveAttribute(
      "href",
      `/dashboard/story/${id}/read`,
    );
    const like = page.getByRole("button", { name: /^Like|^Liked/ });
    const was = await like.getAttribute("aria-pressed");
    await like.click();
    await expect(page.getByRole("button", { name: was === "true" ? "Like" : "Liked" })).toHaveAttribute(
      "aria-pressed",
      was === "true" ? "false" : "true",
    );
    await page.screenshot({ path: testInfo.outputPath(`public-signed-in-${viewport.width}.png`), fullPage: true });
  }
  await page.getByRole("button", { name: "Bookmark" }).click();
  await expect(page.getByRole("button", { name: "Bookmarked" })).toBeVisible();
});

test("Settings: the meter and the message agree, a pending email change shows with Cancel, deleting offers export and Cancel", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { page, user } = await signedInPage(browser, baseURL);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/settings");
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByLabel("New password", { exact: true }).fill("Aa1-aaaa");
    await dialog.getByLabel("Confirm new password").fill("Aa1-aaaa");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(dialog.getByText("Password must contain at least one special character (@$!%*?&)")).toBeVisible();
    await page.keyboard.press("Escape");

    const address = `moved_${word()}@example.com`;
    await page.getByRole("button", { name: "Change email" }).click();
    const email = page.getByRole("dialog", { name: "Change email" });
    await email.getByLabel("New email address").fill(address);
    await email.getByLabel("Current password").fill(user.password);
    await email.getByRole("button", { name: "Send confirmation link" }).click();
    const pending = page.getByTestId("pending-email");
    await expect(pending).toContainText(`Waiting for confirmation at ${address}`);
    await page.reload();
    await expect(pending).toContainText(address);
    await page.screenshot({ path: testInfo.outputPath(`pending-email-${viewport.width}.png`) });
    await pending.getByRole("button", { name: "Cancel email change" }).click();
    await expect(pending).toHaveCount(0);

    await page.getByRole("button", { name: "Delete account" }).click();
    const remove = page.getByRole("dialog", { name: "Delete your account" });
    await expect(remove.getByTestId("delete-export-first")).toContainText("Export your data first?");
    const cancel = remove.getByRole("button", { name: "Cancel" });
    await cancel.scrollIntoViewIfNeeded();
    await expect(cancel).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`delete-dialog-${viewport.width}.png`) });
    await remove.getByRole("button", { name: "Cancel" }).click();
    await expect(remove).toHaveCount(0);
  }
});

test("sign-up meter, the collapsed sidebar's labels at 390 px and the fandom list before Back", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const signUp = await (await browser.newContext({ baseURL })).newPage();
  await signUp.goto("/auth?tab=signup");
  await signUp.getByLabel("Password", { exact: true }).fill("Aa1-aaaa");
  await expect(signUp.getByTestId("password-strength")).toContainText("Medium");
  await expect(signUp.getByTestId("password-strength")).not.toContainText("Strong");

  const { page } = await signedInPage(browser, baseURL);
  const title = `Quill ${word()}`;
  expect((await page.request.post("/api/stories", { data: { title, content: "<p>Ink.</p>" } })).status()).toBe(201);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/create");
    if (viewport.width < 500) {
      const yours = page.getByRole("list", { name: "Your Stories" });
      await expect(yours.getByRole("link", { name: title })).toContainText(title.slice(0, 3));
      await expect(page.getByText("Yours", { exact: true })).toBeVisible();
    }
    // The draft keeps the themes picked in the first pass.
    const next = page.getByRole("button", { name: "Next" });
    if (await next.isDisabled())
      await page
        .getByRole("button", { name: /Adventure/ })
        .first()
        .click();
    await next.click();
    const fandoms = page.getByRole("combobox", { name: "Fandoms" });
    await fandoms.click();
    await fandoms.fill("Star");
    await expect(page.getByRole("listbox", { name: "Fandoms" })).toBeVisible();
    await page.getByRole("heading").first().click();
    await expect(page.getByRole("listbox", { name: "Fandoms" })).toHaveCount(0);
    await fandoms.click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("listbox", { name: "Fandoms" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`wizard-${viewport.width}.png`) });
    await page.getByRole("button", { name: "Back" }).click();
  }
});
