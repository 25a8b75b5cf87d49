// The landing page loads fast: prerendered HTML, compressed files, none of the app's code until it is needed,
// no console noise on public pages, and a way to the dashboard for a signed-in visitor without a request.
import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { openLanding } from "./support/landing";

// Public pages ship under 150 KB of initial JS, gzipped.
const INITIAL_JS_BUDGET_GZIP = 150 * 1024;

/**
 * Everything a page reports as wrong while it loads: console errors, page errors, failed or 4xx/5xx requests.
 * The one exception is an unknown page's own honest 404, which Chromium reports on the console as well.
 */
function watchProblems(page: Page, allowedDocumentStatus = 200): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    const ownStatus = m.location().url === page.url() && m.text().includes(`status of ${allowedDocumentStatus}`);
    if (m.type() === "error" && !ownStatus) problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    const expected = r.request().isNavigationRequest() ? allowedDocumentStatus : 200;
    if (r.status() >= 400 && r.status() !== expected) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}

// NOTE: this is also the landing page's CSP check: Chromium reports a blocked script or style as a console error.
test("public pages log no console error and no failed request for a visitor", async ({ context }) => {
  for (const [path, status, heading] of [
    ["/", 200, "Write the fan fiction"],
    ["/auth", 200, "Welcome back"],
    ["/no/such/page", 404, "404 Page Not Found"],
  ] as const) {
    // NOTE: a page of its own for each path. On a loaded machine the app's lazy chunks may still be loading when the
    // network first goes idle, and navigating the same page on aborts them: the next path was blamed for them.
    const page = await context.newPage();
    const problems = watchProblems(page, status);
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) apiCalls.push(r.url());
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    // The app has drawn the page (its lazy chunks are in), then nothing more is on the way.
    await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(heading);
    await page.waitForLoadState("networkidle");
    expect([path, problems]).toEqual([path, []]);
    // A visitor has no session to ask about (GET /api/user answers 401 for them).
    expect(apiCalls.filter((url) => url.endsWith("/api/user"))).toEqual([]);
    page.removeAllListeners();
    await page.close();
  }
});

test("the landing page arrives rendered and compressed, and works without JavaScript", async ({ browser, request }) => {
  const html = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(html.headers()["content-encoding"]).toBe("br");
  expect(html.headers().vary?.toLowerCase()).toContain("accept-encoding");
  const body = await html.text();
  expect(body).toContain("Write the fan fiction");
  expect(body).toContain("<style>");

  const script = body.match(/\/assets\/index-[^"]+\.js/)?.[0];
  const asset = await request.get(script!, { headers: { "accept-encoding": "gzip" } });
  expect(asset.headers()["content-encoding"]).toBe("gzip");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Write the fan fiction");
  await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await context.close();
});

test("the landing page loads only its own code, under the JS budget, and the app when the visitor leaves", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await openLanding(page);
  await page.waitForLoadState("networkidle");
  const names = scripts.map((url) => new URL(url).pathname.replace(/-[\w-]{8}\.js$/, ""));
  expect(names).toContain("/assets/start");
  // Neither the app (data, auth, every route) nor any other page comes with the landing page.
  expect(names.filter((name) => /\/(app|api|[A-Z]\w+Page)$/.test(name))).toEqual([]);
  let gzipped = 0;
  for (const url of scripts) gzipped += gzipSync(await (await page.request.get(url)).body()).length;
  console.log(`landing initial JS: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} files`);
  expect(gzipped).toBeLessThan(INITIAL_JS_BUDGET_GZIP);

  // The page is live (hydrated): the menu opens, and a link loads the rest of the app in place.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  expect(scripts.some((url) => /\/assets\/app-/.test(url))).toBe(true);
});

test("a signed-in visitor of the landing page gets a way to the dashboard, without asking the server", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  await signIn(page, user);
  await expect(page.getByRole("heading", { name: `Welcome back, ${user.username}!` })).toBeVisible();

  // NOTE: leave the dashboard first: its lazy cover thumbnails (other journeys' covers, in parallel) may still be
  // requested after the listener is attached, and they are not the landing page's.
  await page.goto("about:blank");
  const problems = watchProblems(page);
  const apiCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) apiCalls.push(r.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Start Creating" })).toHaveAttribute("href", "/dashboard/create");
  // Sign-up talk is for visitors without an account.
  await expect(page.getByText(/No credit card required/)).toHaveCount(0);
  expect(apiCalls).toEqual([]);
  expect(problems).toEqual([]);

  // The server already sends the signed-in page: nothing changes when scripts run.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain('href="/dashboard"');
  expect(html).not.toContain(">Login<");

  await header.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: `Welcome back, ${user.username}!` })).toBeVisible();

  await page.getByRole("button", { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
});
