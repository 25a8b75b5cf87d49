// Writer-facing account bugs of issue 7: Settings for long sign-up names, the live filters' hint, errors at the
// field, the verified sign-in hand-over and the first sign-in greeting; screenshots at 1280 and 390 px.
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, linkFromOutbox, newUser, signIn, type TestUser } from "./support/accounts";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function signInWithForm(page: Page, user: TestUser) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const viewport of VIEWPORTS) {
  test(`a 15-character sign-up name still saves Settings; a new name meets the profile rule at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const longName = `long_name_${randomBytes(3).toString("hex")}`.slice(0, 15);
    const user = await createVerifiedUser(request, { ...newUser(), username: longName });
    const other = await createVerifiedUser(request);
    await signIn(page, user);
    await page.goto("/dashboard/settings");
    const username = page.getByLabel("Username");
    await expect(username).toHaveValue(longName);

    await page.getByLabel("Description").fill("Fifteen letters and proud.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Description")).toHaveValue("Fifteen letters and proud.");

    // A new name follows the profile schema (3–10), and the message sits at the field.
    await username.fill(`${longName.slice(0, 11)}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#profile-username-error")).toHaveText("Username must be at most 10 characters");
    // The server's answer lands at the field too: someone else's name is taken.
    await username.fill(other.username);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.locator("#profile-username-error")).toHaveText("Username is already taken");
    await page.screenshot({ path: `test-results/settings-errors-${viewport.width}.png`, fullPage: true });
  });

  test(`a dropped character gets a hint naming the allowed ones at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await signIn(page, await createVerifiedUser(request));
    await page.goto("/dashboard/create");
    await page.getByRole("button", { name: /^Slow Burn/ }).click();
    await page.getByRole("button", { name: "Next" }).click();
    const title = page.getByLabel("Story Title");
    await title.pressSequentially("Chapter 1:");
    await expect(title).toHaveValue("Chapter 1");
    const hint = page.getByText("Left out “:”. Only letters, numbers, spaces and - _ . , ' ! ? are allowed.");
    await expect(hint).toBeVisible();
    await expect(hint).toHaveAttribute("aria-live", "polite");
    await page.screenshot({ path: `test-results/filter-hint-${viewport.width}.png` });
    await title.pressSequentially(" The Fall");
    await expect(title).toHaveValue("Chapter 1 The Fall");
    await expect(hint).toBeHidden();
  });
}

test("an expired reset link is said on the form, not only in a toast", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await page.getByLabel("New password", { exact: true }).fill("N3w!Passw0rd");
  await page.getByLabel("Confirm new password").fill("N3w!Passw0rd");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("form", { name: "Reset password" }).getByRole("alert")).toHaveText(
    "This reset link is invalid or has expired.",
  );
});

test("'Continue to Dashboard' after verifying fills in the email and says it is verified", async ({
  page,
  request,
}) => {
  const user = newUser();
  expect((await request.post("/api/register", { data: user })).status()).toBe(200);
  const link = new URL(await linkFromOutbox(request, user.email, "/api/verify-email"));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Email Verified!" })).toBeVisible();
  // The address came in the URL fragment (never sent to a server) and is not left in the address bar.
  await expect(page).toHaveURL(/\/email-confirmed\?verified=true$/);
  await page.getByRole("link", { name: "Continue to Dashboard" }).click();
  await expect(page.getByText("Your email is verified. Sign in to continue.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page).toHaveURL(/\/auth$/);
  await page.screenshot({ path: "test-results/verified-sign-in.png" });
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a first sign-in says welcome, not 'Welcome back', until the visit ends", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  // NOTE: the server adds `firstSignIn` to the login answer on another branch; here it is added to the real answer.
  await page.route("**/api/login", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), firstSignIn: true } });
  });
  await signInWithForm(page, user);
  await expect(page.getByText("Welcome to FicForge!")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome to FicForge, ${user.username}!` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: `Welcome to FicForge, ${user.username}!` })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.unroute("**/api/login");
  await signInWithForm(page, user);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome back, ${user.username}!` })).toBeVisible();
});
