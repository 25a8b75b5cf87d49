// Accounts journey: sign up in the UI, follow the emailed link, sign in, edit the profile, sign out; plus the sidebar.
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, linkFromOutbox, newUser, signIn } from "./support/accounts";

function sidebar(page: Page) {
  return page.getByRole("complementary", { name: "Sidebar" });
}

async function sidebarWidth(page: Page): Promise<number> {
  return sidebar(page).evaluate((el) => el.getBoundingClientRect().width);
}

test("sign up, verify by email, sign in, rename in settings, sign out", async ({ page, request }) => {
  const user = newUser();
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Username").fill("ab");
  await expect(page.getByText("2/15")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("weak");
  await expect(page.getByTestId("password-strength")).toContainText("Weak");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Username").fill(user.username);
  await expect(page.getByText(`${user.username.length}/15`)).toBeVisible();
  await page.getByLabel("Description").fill("I write slow burns.");
  await expect(page.getByText("19/240")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await expect(page.getByTestId("password-strength")).toContainText("Strong");
  await page.getByLabel("Confirm password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByText("Registration successful")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  const link = new URL(await linkFromOutbox(request, user.email, "/api/verify-email"));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Email Verified!" })).toBeVisible();
  await page.getByRole("link", { name: "Continue to Dashboard" }).click();
  // Signed out, the dashboard would bounce to an empty form: /auth says the email is verified and fills it in.
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Your email is verified. Sign in to continue.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page).getByText(user.username)).toBeVisible();
  await expect(sidebar(page).getByTestId("sidebar-avatar")).toHaveText(user.username[0]!.toUpperCase());
  await expect(sidebar(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar(page).getByRole("link", { name: "Upgrade" })).toBeVisible();

  await sidebar(page).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("heading", { name: "Public profile" })).toBeVisible();
  const username = page.getByLabel("Username");
  await expect(username).toHaveValue(user.username);
  await expect(page.getByLabel("Description")).toHaveValue("I write slow burns.");

  // The profile schema is stricter than the 15-character input: 11 characters are refused on save.
  await username.fill("abcdefghijk");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Username must be at most 10 characters")).toBeVisible();

  const renamed = `r_${randomBytes(3).toString("hex")}`;
  await username.fill(renamed);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(sidebar(page).getByText(renamed)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Username")).toHaveValue(renamed);
  await expect(sidebar(page).getByText(renamed)).toBeVisible();

  await sidebar(page).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You have been logged out successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("a wrong password shows 'Login failed' and stays on /auth", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("Wr0ng!Password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  // Not in the toast alone: the form says it too, where the writer is looking.
  await expect(page.getByRole("form", { name: "Login" }).getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/auth$/);
});

test("an unverified account is told so and can resend the verification email", async ({ page, request }) => {
  const user = newUser();
  expect((await request.post("/api/register", { data: user })).status()).toBe(200);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByRole("form", { name: "Login" }).getByRole("alert")).toContainText(
    "Please verify your email before signing in.",
  );
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByRole("button", { name: "Verification email sent" })).toBeDisabled();
});

test("a signed-in visitor of /auth goes to /dashboard", async ({ page, request }) => {
  await signIn(page, await createVerifiedUser(request));
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the sidebar's collapse survives a reload and is forced on a phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, await createVerifiedUser(request));
  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page).getByText("No stories yet")).toBeVisible();
  await expect(sidebar(page).getByText("No saved stories")).toBeVisible();
  await expect.poll(() => sidebarWidth(page)).toBe(240);

  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect.poll(() => sidebarWidth(page)).toBe(64);
  expect(await page.evaluate(() => localStorage.getItem("sidebar-collapsed"))).toBe("true");
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
  await expect.poll(() => sidebarWidth(page)).toBe(64);
  await expect(sidebar(page).getByText("Discover")).toHaveCount(0);

  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await page.reload();
  await expect.poll(() => sidebarWidth(page)).toBe(240);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidebarWidth(page)).toBe(64);
  await expect(page.getByRole("button", { name: /(Collapse|Expand) sidebar/ })).toHaveCount(0);
  await sidebar(page).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test("'Forgot password' mails a reset link that sets a new password", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Forgot password" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await expect(dialog.getByLabel("Email")).toHaveValue(user.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toContainText("If an account exists for that email");

  const link = new URL(await linkFromOutbox(request, user.email, "/reset-password?token="));
  await page.goto(link.pathname + link.search);
  const password = "N3w!Passw0rd";
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill("mismatch");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(password);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the Google button follows /api/auth/providers and leaves the app for /api/auth/google", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const configured = (await (await page.request.get("/api/auth/providers")).json()) as { google: boolean };
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(configured.google ? 1 : 0);

  await page.route("**/api/auth/providers", (route) => route.fulfill({ json: { google: true } }));
  await page.route("**/api/auth/google", (route) =>
    route.fulfill({ status: 200, body: "google", contentType: "text/plain" }),
  );
  await page.reload();
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/api\/auth\/google$/);
});

test("/auth-success sends a visitor back to /auth with the sync error, and a signed-in user on", async ({
  page,
  request,
}) => {
  await page.goto("/auth-success");
  await expect(page.getByText("Completing Sign In...")).toBeVisible();
  await expect(page.getByText("Please wait while we set up your account")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?error=oauth_sync_failed$/);
  await expect(page.getByRole("alert")).toContainText("couldn't complete your Google sign-in");

  await signIn(page, await createVerifiedUser(request));
  await page.goto("/auth-success");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar(page)).toBeVisible();
});

test("/email-confirmed shows its three displays", async ({ page }) => {
  await page.goto("/email-confirmed?already=true");
  await expect(page.getByRole("heading", { name: "Already Verified" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to Dashboard" })).toHaveAttribute(
    "href",
    "/auth#verified=true",
  );
  await page.goto("/email-confirmed?error=invalid");
  await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
  await expect(page.getByText("We couldn't verify your email. The link may be expired or invalid.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
