import { axe } from "./support/axe";
import { expect, test } from "@playwright/test";
import { openLanding } from "./support/landing";

test("the landing page has its sections, anchors and links", async ({ page }) => {
  await openLanding(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Write the fan fiction");
  await expect(page.getByText("No credit card required · Sign up in seconds")).toBeVisible();
  for (const id of ["features", "how-it-works", "about", "signup"]) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth?tab=signup");
  await expect(page.getByRole("link", { name: "FicForge home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms of Service" })).toBeVisible();

  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(page.locator("#how-it-works")).toBeInViewport();
});

test("'Get Started Free' only scrolls to the sign-up section", async ({ page }) => {
  await openLanding(page);
  await page.getByRole("button", { name: "Get Started Free" }).click();
  await expect(page.locator("#signup")).toBeInViewport();
  await expect(page).toHaveURL(/\/$/);
});

test("'Start Creating' opens the Sign Up form, 'Login' the Login form (issue 16)", async ({ page }) => {
  await openLanding(page);
  await page.getByRole("link", { name: "Start Creating" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");

  await openLanding(page);
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
});

test("the landing page works on a phone with its menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLanding(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Features" }).click();
  await expect(page.locator("#features")).toBeInViewport();
});

test("the landing page has no serious accessibility violations", async ({ page }) => {
  await openLanding(page);
  const results = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
});
