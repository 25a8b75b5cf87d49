// The demo checkout and portal pages with axe, best practice included. The app's own screens are checked at both
// widths in accessibility-screens.spec.ts (which replaced this file's public and signed-in page lists).
import { axe } from "./support/axe";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";

test("the demo checkout and portal pages: landmarks, one h1, contrast", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page.request));
  // NOTE: best-practice too: the landmark rules (region, landmark-one-main, page-has-heading-one) live there.
  const violations = async () =>
    (await axe(page).withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze()).violations.map(
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
