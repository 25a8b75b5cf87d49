// The demo driver's pages: the hosted-checkout look-alike (/demo-checkout/{session}) and the billing portal
// (/demo-portal/{token}), and their form actions under /api (the session cookie and the same-origin rule apply there).
// NOTE: the signed session is longer than a route parameter may be (Fastify's maxParamLength, 100): the pages take it
// as a wildcard and their forms post it as a field.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ROUTES } from "../../shared/routes";
import { users } from "../db/schema";
import type { UserRow } from "../types";
import {
  CONFIRM_CANCEL,
  type CheckoutState,
  DEMO_CHECKOUT_ACTIONS,
  DEMO_PAGE_CSP,
  DEMO_PORTAL_ACTIONS,
  renderCheckoutPage,
  renderDemoError,
  renderPortalPage,
} from "./demo-pages";
import { DEMO_SESSION_PREFIX, type DemoPayments, demoPortalPath } from "./demo-payments";
import {
  currentDemoSubscription,
  demoCheckoutPaidAt,
  endDemoPeriodNow,
  payDemoCheckout,
  setDemoCancelAtPeriodEnd,
} from "./demo-subscription";
import type { DemoCheckout, DemoPortal, DemoTokens } from "./demo-token";

type Wildcard = { Params: { "*": string } };
type FormBody = { Body: Record<string, string> | undefined };
const field = (body: Record<string, string> | undefined, name: string) => body?.[name] ?? "";

/** A refusal the pages answer as an HTML page (the browser is on a page, not in the client app). */
class DemoPageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

const expired = () =>
  new DemoPageError(404, "This test checkout has expired", "It is no longer valid. Start again from the upgrade page.");

/** The signed-in user, when they are the one the session names. */
function ownerOrThrow(request: FastifyRequest, userId: number): UserRow {
  if (!request.user) {
    throw new DemoPageError(401, "Sign in first", "Sign in to FicForge as the account that opened this page.");
  }
  if (request.user.id !== userId) {
    throw new DemoPageError(403, "Not your checkout", "This page belongs to another FicForge account.");
  }
  return request.user;
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .status(status)
      .header("content-security-policy", DEMO_PAGE_CSP)
      .header("cache-control", "no-store")
      // NOTE: under the app's no-referrer policy a browser sends `Origin: null` with a form post, which the same-origin
      // rule refuses; these pages' forms post to this app only, so they may name their origin.
      .header("referrer-policy", "same-origin")
      .type("text/html; charset=utf-8")
      .send(html)
  );
}

interface Sessions {
  checkoutOrThrow(sessionId: string): DemoCheckout;
  portalOrThrow(token: string): DemoPortal;
}

function sessionsFrom(tokens: DemoTokens, now: () => Date): Sessions {
  return {
    checkoutOrThrow(sessionId) {
      const token = sessionId.startsWith(DEMO_SESSION_PREFIX) ? sessionId.slice(DEMO_SESSION_PREFIX.length) : "";
      const checkout = token ? tokens.verify(token, "checkout", now()) : undefined;
      if (!checkout) throw expired();
      return checkout;
    },
    portalOrThrow(token) {
      const portal = tokens.verify(token, "portal", now());
      if (!portal) throw expired();
      return portal;
    },
  };
}

export async function demoPaymentRoutes(app: FastifyInstance, options: { payments: DemoPayments }): Promise<void> {
  const upgradeUrl = `${app.deps.config.APP_URL}${ROUTES.upgrade}`;
  // The pages' forms post one field; parsed in this plugin only (the rest of the API takes JSON alone).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 8192 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // NOTE: anything else goes on to the app's error handler (JSON, logged when unexpected).
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof DemoPageError)) throw error;
    return sendPage(
      reply,
      error.status,
      renderDemoError({ title: error.title, message: error.message, backUrl: upgradeUrl }),
    );
  });
  const sessions = sessionsFrom(options.payments.tokens, app.deps.now);
  checkoutRoutes(app, sessions, upgradeUrl);
  portalRoutes(app, sessions);
}

function checkoutRoutes(app: FastifyInstance, sessions: Sessions, upgradeUrl: string): void {
  app.get<Wildcard>("/demo-checkout/*", async (request, reply) => {
    const sessionId = request.params["*"];
    const checkout = sessions.checkoutOrThrow(sessionId);
    const [user] = await request.db
      .select({ email: users.email, isPremium: users.isPremium })
      .from(users)
      .where(eq(users.id, checkout.userId));
    if (!user) throw expired();
    // NOTE: opened again after paying (the back button, a second tab), the page must not offer Pay again.
    const paidAt = await demoCheckoutPaidAt(request.db, sessionId);
    const state: CheckoutState = paidAt
      ? { kind: "paid", paidAt }
      : user.isPremium
        ? { kind: "subscribed" }
        : { kind: "open" };
    return sendPage(reply, 200, renderCheckoutPage({ email: user.email, sessionId, state, returnUrl: upgradeUrl }));
  });

  app.post<FormBody>(DEMO_CHECKOUT_ACTIONS.pay, async (request, reply) => {
    const sessionId = field(request.body, "session");
    const checkout = sessions.checkoutOrThrow(sessionId);
    const user = ownerOrThrow(request, checkout.userId);
    if (user.stripeCustomerId !== checkout.customerId) throw expired();
    await payDemoCheckout(request.db, user, { sessionId, customerId: checkout.customerId }, app.deps.now());
    await app.deps.events.emit("user.plan_changed", { userIds: [user.id] });
    return reply.redirect(checkout.successUrl, 303);
  });

  app.post<FormBody>(DEMO_CHECKOUT_ACTIONS.cancel, async (request, reply) => {
    const checkout = sessions.checkoutOrThrow(field(request.body, "session"));
    ownerOrThrow(request, checkout.userId);
    return reply.redirect(checkout.cancelUrl, 303);
  });
}

function portalRoutes(app: FastifyInstance, sessions: Sessions): void {
  app.get<Wildcard & { Querystring: Record<string, string | undefined> }>("/demo-portal/*", async (request, reply) => {
    const token = request.params["*"];
    const portal = sessions.portalOrThrow(token);
    const [user] = await request.db.select().from(users).where(eq(users.id, portal.userId));
    if (!user) throw expired();
    const sub = currentDemoSubscription(user);
    const plan = sub && { periodEnd: sub.periodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd };
    const confirmingCancel = request.query[CONFIRM_CANCEL.name] === CONFIRM_CANCEL.value;
    const page = renderPortalPage({
      plan,
      token,
      portalPath: demoPortalPath(token),
      returnUrl: portal.returnUrl,
      confirmingCancel,
    });
    return sendPage(reply, 200, page);
  });

  app.post<{ Params: { action: string } } & FormBody>("/api/demo-portal/:action", async (request, reply) => {
    const token = field(request.body, "token");
    const portal = sessions.portalOrThrow(token);
    const action = DEMO_PORTAL_ACTIONS.find((a) => a === request.params.action);
    if (!action) throw expired();
    const sub = currentDemoSubscription(ownerOrThrow(request, portal.userId));
    const now = app.deps.now();
    if (sub && action === "end-period") await endDemoPeriodNow(request.db, sub, now);
    else if (sub) await setDemoCancelAtPeriodEnd(request.db, sub, action === "cancel", now);
    if (sub) await app.deps.events.emit("user.plan_changed", { userIds: [portal.userId] });
    return reply.redirect(demoPortalPath(token), 303);
  });
}
