// Moderation (issue 18): a reader reports an abusive comment and its writer; a moderator made with `npm run admin`
// (through the running app's socket when the journeys' server runs on PGlite in E2E_DATA_DIR, directly when it runs on
// PostgreSQL, playwright.config.ts) sees both in the queue, hides
// the comment and suspends the writer, who is signed out and told until when at sign-in; the reporter is notified.
// One journey at 1280 px, then 390 px.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";

const publishedStory = (request: APIRequestContext, title: string) =>
  publishStory(request, {
    title,
    content: "<p>The tide came in twice.</p>",
    description: "A harbour town waits for a ship.",
    tags: ["Drama"],
  });

/** `npm run admin` as an operator runs it, beside the running app. */
/** `npm run admin` against the journeys' server: its PostgreSQL database in CI, else its PGlite (by the socket). */
function npmRunAdmin(...args: string[]): string {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const database = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {};
  return execFileSync("npm", ["run", "--silent", "admin", "--", ...args], {
    env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR, ...database },
    encoding: "utf8",
    timeout: 60_000,
  });
}

const SHOTS = "test-results/moderation";

test("a moderator hides a reported comment and suspends its writer, who is told until when; the reporter is notified", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const wide = { width: 1280, height: 900 };
  const narrow = { width: 390, height: 844 };
  const title = `Harbour ${randomBytes(3).toString("hex")}`;

  const authorApi = await browser.newContext({ baseURL });
  const author = await createVerifiedUser(authorApi.request);
  await authorApi.request.post("/api/login", {
    data: { email: author.email, password: author.password },
    headers: ownAddress(),
  });
  const storyId = await publishedStory(authorApi.request, title);

  // The writer of the abusive comment.
  const trollPage = await (await browser.newContext({ baseURL, viewport: wide })).newPage();
  const troll = await createVerifiedUser(trollPage.request);
  await signIn(trollPage, troll);
  const abuse = `You should never write again, nobody wants this ${randomBytes(2).toString("hex")}`;
  const posted = await trollPage.request.post(`/api/stories/${storyId}/comments`, { data: { content: abuse } });
  expect(posted.status(), await posted.text()).toBe(201);
  const commentId = ((await posted.json()) as { id: number }).id;
  const trollId = ((await (await trollPage.request.get("/api/user")).json()) as { id: number }).id;

  // A reader reports the comment through its menu and the Report dialog, and its writer's profile (by the API).
  const readerPage = await (await browser.newContext({ baseURL, viewport: wide })).newPage();
  await signIn(readerPage, await createVerifiedUser(readerPage.request));
  await readerPage.goto(`/dashboard/story/${storyId}/read`);
  const abusive = readerPage.getByTestId("reader-comments").getByTestId("comment").filter({ hasText: abuse });
  await abusive.getByRole("button", { name: `More for the comment by ${troll.username}` }).click();
  await readerPage.getByRole("menuitem", { name: "Report" }).click();
  const dialog = readerPage.getByRole("dialog", { name: "Report" });
  await dialog.getByRole("radio", { name: "Harassment" }).check();
  await dialog.getByLabel("Details (optional)").fill("Attacks the author");
  await dialog.getByRole("button", { name: "Send report" }).click();
  const sent = readerPage.getByRole("dialog", { name: "Report sent" });
  await expect(sent.getByRole("status")).toHaveText("Thanks, we'll review this");
  await sent.getByRole("button", { name: "Done" }).click();
  const reported = await readerPage.request.post("/api/reports", {
    data: { targetType: "user", targetId: troll.username, reason: "harassment", details: "Attacks the author" },
  });
  expect(reported.status(), await reported.text()).toBeLessThan(300);

  // The moderator, made from the command line while the app runs.
  const modPage = await (await browser.newContext({ baseURL, viewport: wide })).newPage();
  const moderator = await createVerifiedUser(modPage.request);
  expect(npmRunAdmin("grant", "moderator", moderator.email)).toContain("is now a moderator");
  await signIn(modPage, moderator);
  await modPage.getByRole("link", { name: "Moderation" }).click();
  await expect(modPage.getByRole("heading", { name: "Moderation" })).toBeVisible();
  const commentCard = modPage.locator(`[data-testid="queue-item"][data-target="comment:${commentId}"]`);
  const profileCard = modPage.locator(`[data-testid="queue-item"][data-target="user:${trollId}"]`);
  await expect(commentCard.getByTestId("queue-comment-text")).toHaveText(abuse);
  await expect(commentCard).toContainText("1 report");
  await expect(commentCard).toContainText("Harassment");
  await expect(commentCard).toContainText(title);
  await expect(profileCard).toContainText(`Profile of ${troll.username}`);
  await commentCard.scrollIntoViewIfNeeded();
  await modPage.screenshot({ path: `${SHOTS}/queue-1280.png`, fullPage: true });

  await modPage.setViewportSize(narrow);
  await expect(commentCard).toBeVisible();
  await modPage.screenshot({ path: `${SHOTS}/queue-390.png`, fullPage: true });
  const widths = await modPage.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);

  // Hide the comment.
  await commentCard.getByLabel("Action").selectOption("hide-comment");
  await commentCard.getByLabel(/^Reason/).fill("Personal attacks on the author are not allowed.");
  await commentCard.getByRole("button", { name: "Apply" }).click();
  await expect(commentCard).toHaveCount(0);

  // Suspend the writer for 7 days.
  await profileCard.getByLabel("Action").selectOption("suspend-user");
  await profileCard.getByLabel("Days").fill("7");
  await profileCard.getByLabel(/^Reason/).fill("Repeated harassment of authors.");
  await profileCard.getByRole("button", { name: "Apply" }).click();
  await expect(profileCard).toHaveCount(0);
  await modPage.screenshot({ path: `${SHOTS}/queue-after-390.png`, fullPage: true });

  // The comment is gone for readers.
  const comments = (await (await readerPage.request.get(`/api/stories/${storyId}/comments`)).json()) as {
    items: { id: number }[];
  };
  expect(comments.items.map((c) => c.id)).not.toContain(commentId);

  // The writer is signed out at once, and sign-in names the end date.
  await trollPage.setViewportSize(narrow);
  expect((await trollPage.request.get("/api/user")).status()).toBe(401);
  await trollPage.goto("/auth");
  await trollPage.getByLabel("Email").fill(troll.email);
  await trollPage.getByLabel("Password", { exact: true }).fill(troll.password);
  await trollPage.getByRole("button", { name: "Sign in", exact: true }).click();
  const until = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.now() + 7 * 86_400_000),
  );
  await expect(trollPage.getByRole("form", { name: "Login" }).getByRole("alert")).toContainText(
    `This account is suspended until ${until}`,
  );
  // They may appeal once from there, since they cannot sign in to reach the notification.
  await trollPage.getByRole("button", { name: "Appeal this decision" }).click();
  await trollPage.getByLabel("Why should this decision change?").fill("I was angry and I am sorry.");
  await trollPage.getByRole("button", { name: "Send appeal" }).click();
  await expect(trollPage.getByRole("status")).toContainText("Your appeal was sent");
  await trollPage.screenshot({ path: `${SHOTS}/suspended-sign-in-390.png` });
  await modPage.reload();
  await expect(profileCard).toContainText("Appeal against Suspend the person");
  await expect(profileCard).toContainText("I was angry and I am sorry.");

  // The reporter hears that it was decided.
  await readerPage.setViewportSize(narrow);
  await readerPage.goto("/dashboard/notifications");
  await expect(readerPage.getByText("We reviewed your report about").first()).toBeVisible();
  await readerPage.screenshot({ path: `${SHOTS}/reporter-notified-390.png`, fullPage: true });
});
