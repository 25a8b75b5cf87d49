// Issue 16: axe on every screen at desktop and phone widths, and with a success and an error toast showing.
// No serious or critical WCAG 2 A/AA finding anywhere. One page per screen; both widths in one test.
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { publicStoryPath } from "../src/shared/routes";
import { createVerifiedUser, ownAddress } from "./support/accounts";
import { givenEarlierChat } from "./support/marin";

// NOTE: the screens are independent: spread them over both workers instead of one file on one worker (~2.5 min).
test.describe.configure({ mode: "parallel" });

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Best-practice rules the issue names (an h1 on every page, no skipped heading levels): any finding counts. */
const HEADING_RULES = ["page-has-heading-one", "heading-order"];

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
      rules: Object.fromEntries(HEADING_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || HEADING_RULES.includes(v.id))
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(" | ")}`);
}

/** Opens the screen at each width (`open` navigates and waits for it) and collects axe's serious findings. */
async function expectCleanAtBothWidths(page: Page, open: () => Promise<void>): Promise<void> {
  const found: Record<number, string[]> = {};
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await open();
    found[viewport.width] = await seriousViolations(page);
  }
  expect(found).toEqual({ 1280: [], 390: [] });
}

async function screen(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path);
  if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  else await expect(page.locator("h1").first()).toBeVisible();
}

test.describe("public screens", () => {
  test("landing", async ({ page }) => expectCleanAtBothWidths(page, () => screen(page, "/")));
  test("auth: login tab", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/auth", "Welcome back")));
  test("auth: sign-up tab", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/auth?tab=signup", "Create your account")));
  test("forgot password dialog", async ({ page }) =>
    expectCleanAtBothWidths(page, async () => {
      await screen(page, "/auth");
      await page.getByRole("button", { name: "Forgot password" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    }));
  test("reset password", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/reset-password?token=x")));
  test("email confirmed, opened directly", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/email-confirmed", "Nothing Verified")));
  test("email confirmed, failed", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/email-confirmed?error=invalid", "Verification Failed")));
  test("legal pages", async ({ page }) =>
    expectCleanAtBothWidths(page, async () => {
      await screen(page, "/terms");
      expect(await seriousViolations(page)).toEqual([]);
      await screen(page, "/privacy");
    }));
  test("404", async ({ page }) => expectCleanAtBothWidths(page, () => screen(page, "/nope", /404/)));
});

test.describe("signed-in screens", () => {
  let cookies: Awaited<ReturnType<BrowserContext["cookies"]>>;
  let storyId: number;
  let published: { id: number; title: string };

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const user = await createVerifiedUser(context.request);
    const login = await context.request.post("/api/login", {
      data: { email: user.email, password: user.password },
      headers: ownAddress(),
    });
    expect(login.status()).toBe(200);
    const created = await context.request.post("/api/stories", {
      data: { title: "Axe Story", setting: "A lighthouse", content: "<p>The lamp went out.</p>" },
    });
    storyId = ((await created.json()) as { id: number }).id;
    // Someone else's published story (the demo seed), for the reader and the public page.
    const list = await context.request.get("/api/published-stories?limit=1");
    const [first] = (await list.json()) as { id: number; title: string }[];
    if (!first) throw new Error("The demo seed published no story");
    published = first;
    cookies = await context.cookies();
    await context.close();
  });

  test.beforeEach(async ({ page }) => {
    await page.context().addCookies(cookies);
  });

  test("dashboard", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/dashboard", /Welcome back/)));

  test("create wizard, all three steps", async ({ page }) =>
    expectCleanAtBothWidths(page, async () => {
      await screen(page, "/dashboard/create");
      // The wizard remembers its step for the tab; each width starts at step 1.
      await page.evaluate(() => sessionStorage.clear());
      await screen(page, "/dashboard/create", "Choose Themes");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: /^Adventure/ }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("heading", { name: "Story Details" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText("Step 3 of 3")).toBeVisible();
    }));

  test("editor with the Marin pane", async ({ page }) => {
    await givenEarlierChat(page, storyId);
    await expectCleanAtBothWidths(page, async () => {
      await screen(page, `/dashboard/story/${storyId}`, "Axe Story");
      const options = page.getByTestId("marin-options-button");
      // On a phone the assistant is a separate view behind a button.
      if (!(await options.isVisible()))
        await page
          .getByRole("button", { name: /assistant/i })
          .first()
          .click();
      await options.click();
      await expect(page.getByTestId("marin-options")).toBeVisible();
    });
  });

  test("details", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, `/dashboard/story/${storyId}/details`)));
  test("discover", async ({ page }) => expectCleanAtBothWidths(page, () => screen(page, "/dashboard/discover")));
  test("reader", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, `/dashboard/story/${published.id}/read`, published.title)));
  test("reader, story not found", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, "/dashboard/story/999999999/read", "Story not found")));
  test("public story page", async ({ page }) =>
    expectCleanAtBothWidths(page, () => screen(page, publicStoryPath(published.id, published.title))));
  test("settings", async ({ page }) => expectCleanAtBothWidths(page, () => screen(page, "/dashboard/settings")));
  test("upgrade", async ({ page }) => expectCleanAtBothWidths(page, () => screen(page, "/dashboard/upgrade")));

  /** Deletes a fresh draft from the dashboard; `fail` makes the server refuse it. */
  async function deleteWithToast(page: Page, fail: boolean): Promise<void> {
    const title = `Toast ${Date.now()}`;
    const created = await page.request.post("/api/stories", { data: { title } });
    const { id } = (await created.json()) as { id: number };
    if (fail) {
      await page.route(`**/api/stories/${id}`, (route) =>
        route.request().method() === "DELETE"
          ? route.fulfill({ status: 503, json: { message: "The database is unavailable. Please try again shortly." } })
          : route.fallback(),
      );
    }
    await screen(page, "/dashboard", /Welcome back/);
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: fail ? "Failed to delete story" : "Story deleted" });
    await expect(toast).toBeVisible();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    // Axe reads colours: let the toast finish fading in.
    await expect(toast).toHaveCSS("opacity", "1");
  }

  test("a success toast", async ({ page }) => expectCleanAtBothWidths(page, () => deleteWithToast(page, false)));
  test("an error toast", async ({ page }) => expectCleanAtBothWidths(page, () => deleteWithToast(page, true)));
});
