import { expect, test } from "@playwright/test";

test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("a protected route redirects a visitor to /auth", async ({ page }) => {
  for (const path of ["/dashboard", "/dashboard/create", "/dashboard/settings", "/dashboard/story/1"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const response = await request.get("/api/definitely-not-here");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
});

test("hashed assets are cached for a year, pages are not", async ({ request }) => {
  const page = await request.get("/");
  expect(page.headers()["cache-control"]).toBe("no-cache");
  const html = await page.text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
