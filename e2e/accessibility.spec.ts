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

test("the demo checkout and portal pages: landmarks, one h1, contrast", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page.request));
  // NOTE: best-practice too: the landmark rules (region, landmark-one-main, page-has-heading-one) live there.
  const violations = async () =>
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  const checkout = await page.request.post("/api/create-subscription-session");
  const { url } = (await checkout.json()) as { url: string };
  await page.goto(url);
  expect(["checkout", await violations()]).toEqual(["checkout", []]);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.goto(url);
  expect(["paid checkout", await violations()]).toEqual(["paid checkout", []]);
  const portal = await page.request.post("/api/create-customer-portal");
  await page.goto(((await portal.json()) as { url: string }).url);
  expect(["portal", await violations()]).toEqual(["portal", []]);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("heading", { name: "Cancel your subscription?" })).toBeVisible();
  expect(["confirm cancel", await violations()]).toEqual(["confirm cancel", []]);
  await page.goto("/demo-checkout/cs_demo_expired");
  expect(["expired", await violations()]).toEqual(["expired", []]);
});
