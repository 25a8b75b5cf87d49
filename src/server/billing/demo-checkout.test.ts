// The demo driver end to end through the real app: checkout page, Pay, the user premium, the portal's cancel and
// "end the billing period now", and the refusals (another user, a forged or expired session, a double Pay).
import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { PLUS_NAME } from "../../shared/schemas/billing";
import { stripeEvents, users } from "../db/schema";
import { maintenanceJobs } from "../maintenance-jobs";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import {
  CONFIRM_CANCEL_LABEL,
  DEMO_PAGE_CSP,
  END_PERIOD_LABEL,
  TEST_CHECKOUT_LABEL,
  TEST_PORTAL_LABEL,
} from "./demo-pages";
import { isDemoPayments } from "./demo-payments";

const SUCCESS_URL = `${TEST_APP_URL}/dashboard/upgrade?subscription=success`;
const CANCEL_URL = `${TEST_APP_URL}/dashboard/upgrade?subscription=canceled`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A form post as the demo pages' buttons send it: same origin, one field. */
const postForm = (app: FastifyInstance, path: string, fields: Record<string, string>, cookie?: string) =>
  app.inject({
    method: "POST",
    url: path,
    headers: {
      origin: TEST_APP_URL,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
const pay = (app: FastifyInstance, session: string, cookie?: string) =>
  postForm(app, "/api/demo-checkout/pay", { session }, cookie);
const portalAction = (app: FastifyInstance, action: string, token: string, cookie: string) =>
  postForm(app, `/api/demo-portal/${action}`, { token }, cookie);

/** The page's landmarks: lang, the test banner as the header, one main with the page's one h1, a footer. */
function expectLandmarks(html: string, label: string) {
  expect(html).toContain('<html lang="en">');
  const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;
  expect([count(/<header\b/g), count(/<main\b/g), count(/<footer\b/g), count(/<h1\b/g)]).toEqual([1, 1, 1, 1]);
  expect(html).toMatch(new RegExp(`<header[^>]*><p>${label}</p></header>\\s*<main>`));
  const main = html.slice(html.indexOf("<main>"), html.indexOf("</main>"));
  expect(main).toContain("<h1>");
  // Nothing outside the landmarks.
  const body = html
    .slice(html.indexOf("<body>") + 6, html.indexOf("</body>"))
    .replace(/<(header|main|footer)[\s\S]*?<\/\1>/g, "");
  expect(body.trim()).toBe("");
}

const pathOf = (url: string) => {
  expect(url.startsWith(TEST_APP_URL)).toBe(true);
  return url.slice(TEST_APP_URL.length);
};

describeEachDb("the demo checkout and portal", (ctx) => {
  async function startCheckout(cookie: string) {
    const res = await send(ctx().app, "POST", "/api/create-subscription-session", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    const { sessionId, url } = res.json() as { sessionId: string; url: string };
    expect(sessionId).toMatch(/^cs_demo_/);
    expect(url).toBe(`${TEST_APP_URL}/demo-checkout/${sessionId}`);
    return { sessionId, path: pathOf(url) };
  }
  const currentUser = async (cookie: string) =>
    (await send(ctx().app, "GET", "/api/user", undefined, { cookie })).json();
  const userRow = async (id: number) => (await ctx().database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it("takes a user from checkout to premium, then through the portal's cancel back to free when the period ends", async () => {
    const { app, database, clock } = ctx();
    const { user, cookie } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const checkout = await startCheckout(cookie);

    const page = await app.inject({ method: "GET", url: checkout.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toBe(DEMO_PAGE_CSP);
    // Its forms post with their origin (the app-wide no-referrer would make a browser send `Origin: null`).
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.body).toContain(TEST_CHECKOUT_LABEL);
    expect(page.body).toContain(PLUS_NAME);
    expect(page.body).toContain("$9.99");
    expect(page.body).toContain("until canceled");
    expect(page.body).toContain('action="/api/demo-checkout/pay"');
    expect(page.body).toContain(`name="session" value="${checkout.sessionId}"`);
    expect(page.body).toMatch(/<button type="submit">Pay<\/button>/);
    expect(page.body).toMatch(/<button type="submit" class="alt">Cancel<\/button>/);
    expect(page.body).not.toContain("<script");
    expectLandmarks(page.body, TEST_CHECKOUT_LABEL);

    const paid = await pay(app, checkout.sessionId, cookie);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(SUCCESS_URL);
    // Opened again after paying (back button, another tab): it says so, and offers no second Pay.
    const reopened = await app.inject({ method: "GET", url: checkout.path });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.body).toContain("This checkout is paid");
    expect(reopened.body).toContain(
      `Paid on ${clock.now().toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}`,
    );
    expect(reopened.body).not.toContain('action="/api/demo-checkout/pay"');
    expect(reopened.body).toContain(`href="${TEST_APP_URL}/dashboard/upgrade">Return to FicForge<`);
    expectLandmarks(reopened.body, TEST_CHECKOUT_LABEL);
    const premium = await currentUser(cookie);
    expect(premium).toMatchObject({
      isPremium: true,
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: false,
    });
    const expiresIn = new Date(premium.subscriptionExpiresAt).getTime() - clock.now().getTime();
    expect(expiresIn).toBeGreaterThanOrEqual(28 * DAY_MS - 1000);
    expect(expiresIn).toBeLessThanOrEqual(31 * DAY_MS);
    const { subscriptionId: firstSubscription, stripeCustomerId: customer } = await userRow(user.id);
    expect(firstSubscription).toMatch(/^sub_demo_/);

    clock.advance(2000);
    const portalAnswer = await send(app, "POST", "/api/create-customer-portal", undefined, { cookie });
    expect(portalAnswer.statusCode).toBe(200);
    const portal = pathOf(portalAnswer.json().url);
    expect(portal).toMatch(/^\/demo-portal\//);
    const portalPage = await app.inject({ method: "GET", url: portal });
    expect(portalPage.statusCode).toBe(200);
    expect(portalPage.headers["content-security-policy"]).toBe(DEMO_PAGE_CSP);
    expect(portalPage.body).toContain(TEST_PORTAL_LABEL);
    expect(portalPage.body).toContain("Renews on");
    expect(portalPage.body).toContain(END_PERIOD_LABEL);
    expect(portalPage.body).toContain(`href="${TEST_APP_URL}/dashboard/settings">Return to FicForge<`);
    expectLandmarks(portalPage.body, TEST_PORTAL_LABEL);

    // Cancel asks first, without script: a get form to this page's confirmation step, which changes nothing.
    expect(portalPage.body).toContain(
      `<form method="get" action="${portal}"><input type="hidden" name="confirm" value="cancel"><button type="submit" class="alt">Cancel subscription</button></form>`,
    );
    const confirm = await app.inject({ method: "GET", url: `${portal}?confirm=cancel` });
    expect(confirm.statusCode).toBe(200);
    expectLandmarks(confirm.body, TEST_PORTAL_LABEL);
    expect(confirm.body).toContain("<h1>Cancel your subscription?</h1>");
    const accessEnds = new Date(premium.subscriptionExpiresAt).toLocaleDateString("en-US", {
      dateStyle: "long",
      timeZone: "UTC",
    });
    expect(confirm.body).toContain(`You keep ${PLUS_NAME} until <strong>${accessEnds}</strong>`);
    expect(confirm.body).toContain('action="/api/demo-portal/cancel"');
    expect(confirm.body).toContain(`>${CONFIRM_CANCEL_LABEL}<`);
    expect(confirm.body).toContain(`href="${portal}">Keep my subscription<`);
    expect(await currentUser(cookie)).toMatchObject({ isPremium: true, subscriptionCancelAtPeriodEnd: false });

    const token = portal.slice("/demo-portal/".length);
    const canceled = await portalAction(app, "cancel", token, cookie);
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(portal);
    expect(await currentUser(cookie)).toMatchObject({ isPremium: true, subscriptionCancelAtPeriodEnd: true });
    const canceledPage = await app.inject({ method: "GET", url: portal });
    expect(canceledPage.body).toContain("Ends on");
    expect(canceledPage.body).toContain(">Resume subscription<");
    // Already canceled: the confirmation step has nothing to confirm and shows the plan.
    expect((await app.inject({ method: "GET", url: `${portal}?confirm=cancel` })).body).toContain(
      "<h1>Your subscription</h1>",
    );

    clock.advance(2000);
    expect((await portalAction(app, "resume", token, cookie)).statusCode).toBe(303);
    expect(await currentUser(cookie)).toMatchObject({ isPremium: true, subscriptionCancelAtPeriodEnd: false });
    clock.advance(2000);
    expect((await portalAction(app, "cancel", token, cookie)).statusCode).toBe(303);

    clock.advance(2000);
    const ended = await portalAction(app, "end-period", token, cookie);
    expect(ended.statusCode).toBe(303);
    // Ended now (the demo's immediate end): Plus ends at once, and the plan says it ended now.
    expect(await currentUser(cookie)).toMatchObject({
      isPremium: false,
      subscriptionStatus: "canceled",
      subscriptionExpiresAt: new Date(Math.floor(clock.now().getTime() / 1000) * 1000).toISOString(),
    });
    expect((await app.inject({ method: "GET", url: portal })).body).toContain("no running");

    // Subscribing again starts a new subscription for the same customer.
    clock.advance(2000);
    const again = await startCheckout(cookie);
    expect((await pay(app, again.sessionId, cookie)).headers.location).toBe(SUCCESS_URL);
    expect(await currentUser(cookie)).toMatchObject({ isPremium: true, subscriptionStatus: "active" });
    const renewed = await userRow(user.id);
    expect(renewed.subscriptionId).not.toBe(firstSubscription);
    expect(renewed.stripeCustomerId).toBe(customer);
  });

  it("renews a plan that is not canceled when the period ends now", async () => {
    const { app, database, clock } = ctx();
    const { cookie } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    expect((await pay(app, (await startCheckout(cookie)).sessionId, cookie)).statusCode).toBe(303);
    const before = new Date((await currentUser(cookie)).subscriptionExpiresAt);
    clock.advance(3 * DAY_MS);
    const token = pathOf(
      (await send(app, "POST", "/api/create-customer-portal", undefined, { cookie })).json().url,
    ).slice("/demo-portal/".length);
    expect((await portalAction(app, "end-period", token, cookie)).statusCode).toBe(303);
    const after = await currentUser(cookie);
    expect(after).toMatchObject({ isPremium: true, subscriptionStatus: "active" });
    expect(new Date(after.subscriptionExpiresAt).getTime()).toBeGreaterThan(before.getTime() + 2 * DAY_MS);
  });

  it("returns to the cancel URL on Cancel and changes nothing", async () => {
    const { app, database, clock } = ctx();
    const { cookie } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const { sessionId } = await startCheckout(cookie);
    const res = await postForm(app, "/api/demo-checkout/cancel", { session: sessionId }, cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(CANCEL_URL);
    expect(await currentUser(cookie)).toMatchObject({ isPremium: false });
  });

  it("refuses Pay from another user or a signed-out browser", async () => {
    const { app, database, clock } = ctx();
    const owner = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const other = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const { sessionId } = await startCheckout(owner.cookie);
    const stranger = await pay(app, sessionId, other.cookie);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.headers["content-type"]).toContain("text/html");
    expect((await pay(app, sessionId)).statusCode).toBe(401);
    expect(await currentUser(other.cookie)).toMatchObject({ isPremium: false });
    expect(await currentUser(owner.cookie)).toMatchObject({ isPremium: false });
  });

  it("refuses a forged or expired session", async () => {
    const { app, database, clock } = ctx();
    const { cookie, user } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const { sessionId } = await startCheckout(cookie);
    const [payload, signature] = sessionId.slice("cs_demo_".length).split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const longer = Buffer.from(JSON.stringify({ ...claims, expiresAt: claims.expiresAt + 365 * DAY_MS })).toString(
      "base64url",
    );
    for (const forged of [
      `cs_demo_${longer}.${signature}`,
      `cs_demo_${payload}.${"A".repeat(signature!.length)}`,
      "cs_demo_x",
    ]) {
      expect((await app.inject({ method: "GET", url: `/demo-checkout/${forged}` })).statusCode).toBe(404);
      expect((await pay(app, forged, cookie)).statusCode).toBe(404);
    }
    clock.advance(60 * 60 * 1000 + 1000);
    const expired = await app.inject({ method: "GET", url: `/demo-checkout/${sessionId}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain("expired");
    expectLandmarks(expired.body, TEST_CHECKOUT_LABEL);
    expect((await pay(app, sessionId, cookie)).statusCode).toBe(404);
    expect((await userRow(user.id)).isPremium).toBe(false);
  });

  it("makes one subscription when Pay is sent twice, at once or after going back", async () => {
    const { app, database, clock } = ctx();
    const { user, cookie } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const { sessionId } = await startCheckout(cookie);
    const eventCount = async () =>
      (await database.db.select().from(stripeEvents).where(like(stripeEvents.id, "evt_demo_%"))).length;
    const before = await eventCount();
    const both = await Promise.all([pay(app, sessionId, cookie), pay(app, sessionId, cookie)]);
    expect(both.map((r) => [r.statusCode, r.headers.location])).toEqual([
      [303, SUCCESS_URL],
      [303, SUCCESS_URL],
    ]);
    const subscriptionId = (await userRow(user.id)).subscriptionId;
    expect(subscriptionId).toMatch(/^sub_demo_/);
    expect(await eventCount()).toBe(before + 3);
    clock.advance(5000);
    const again = await pay(app, sessionId, cookie);
    expect(again.headers.location).toBe(SUCCESS_URL);
    expect((await userRow(user.id)).subscriptionId).toBe(subscriptionId);
    expect(await eventCount()).toBe(before + 3);
  });

  it("stores one demo customer when five checkouts start at once", async () => {
    const { app, database, clock } = ctx();
    const { user, cookie } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(app, "POST", "/api/create-subscription-session", undefined, { cookie })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const customer = (await userRow(user.id)).stripeCustomerId;
    expect(customer).toMatch(/^cus_demo_/);
    // Each session names the stored customer: any of them can be paid.
    const last = answers[4]!.json().sessionId as string;
    expect((await pay(app, last, cookie)).headers.location).toBe(SUCCESS_URL);
    expect((await userRow(user.id)).isPremium).toBe(true);
  });

  it("renews due demo subscriptions from the maintenance job", async () => {
    const { app, database, clock, deps } = ctx();
    const { user, cookie } = await createVerifiedUserWithSession(database.db, {}, clock.now());
    expect((await pay(app, (await startCheckout(cookie)).sessionId, cookie)).statusCode).toBe(303);
    const firstEnd = (await userRow(user.id)).subscriptionExpiresAt!;
    const later = new Date(firstEnd.getTime() + DAY_MS);
    const job = maintenanceJobs({
      database,
      now: () => later,
      payments: deps.payments,
      imageStorage: deps.imageStorage,
    }).find((j) => j.name === "renew-demo-subscriptions");
    expect(job).toBeDefined();
    expect(await job!.run()).toBeGreaterThanOrEqual(1);
    const renewed = await userRow(user.id);
    expect(renewed).toMatchObject({ isPremium: true, subscriptionStatus: "active" });
    expect(renewed.subscriptionExpiresAt!.getTime()).toBeGreaterThan(later.getTime() + 27 * DAY_MS);
    expect(isDemoPayments(deps.payments) && (await deps.payments.renewDue!(database.db, later))).toBe(0);
  });
});
