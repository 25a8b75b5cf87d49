// Every screen built so far, checked with axe for serious and critical WCAG 2 A/AA violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat } from "./support/marin";

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("public pages", async ({ page }) => {
  for (const path of [
    "/auth",
    "/email-confirmed",
    "/email-confirmed?error=invalid",
    "/reset-password?token=x",
    "/privacy",
    "/nope",
  ]) {
    await page.goto(path);
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});

test("signed-in pages", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", { data: { title: "Axe Story", setting: "A lighthouse" } });
  const { id } = (await created.json()) as { id: number };
  // The empty story stays as it is while axe reads it (no opening scene streaming in).
  await givenEarlierChat(page, id);
  for (const path of [
    "/dashboard",
    "/dashboard/create",
    `/dashboard/story/${id}`,
    `/dashboard/story/${id}/details`,
    "/dashboard/settings",
  ]) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});
