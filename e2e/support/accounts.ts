// E2E helpers: make a verified account through the real API and the dev outbox, and sign in a page.
//
// For a new spec: journeys run in parallel workers (one per core) against ONE server (playwright.config.ts), so a
// journey makes everything it reads: its own account, stories, titles with a random word. A signed-in page is
//   await signIn(page, await createVerifiedUser(page.request));
// which signs in through the API on the page's own cookies (no form; use the form only to test the form), then
// opens /dashboard. A second user gets a context of its own (browser.newContext()). Requests from the test itself
// that sign up or sign in pass ownAddress(), so per-address limits never count the whole suite as one client.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

export function newUser(): TestUser {
  const suffix = randomBytes(3).toString("hex");
  return { username: `fan_${suffix}`, email: `fan_${suffix}@example.com`, password: "Str0ng!Pass" };
}

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
}

/** The newest link in the newest email to `email` whose URL contains `pathPart`. */
export async function linkFromOutbox(request: APIRequestContext, email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const entries = (await response.json()) as OutboxEntry[];
      const message = entries.find((m) => m.to === email && m.text.includes(pathPart));
      link = message?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * A client address of its own for an API sign-up or sign-in, as a reverse proxy would report it (the e2e server
 * trusts the loopback proxy: TRUST_PROXY in playwright.config.ts). The suite makes more accounts than one address
 * may register in 15 minutes, and the per-address limits are under test elsewhere.
 */
export function ownAddress(): Record<string, string> {
  const [a, b, c] = randomBytes(3);
  return { "x-forwarded-for": `10.${a}.${b}.${c}` };
}

export async function createVerifiedUser(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const registered = await request.post("/api/register", { data: user, headers: ownAddress() });
  expect(registered.status(), await registered.text()).toBe(200);
  const link = await linkFromOutbox(request, user.email, "/api/verify-email");
  const verified = await request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return user;
}

/** Signs the page's browser context in (page.request shares its cookies) and opens /dashboard. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto("/dashboard");
}
