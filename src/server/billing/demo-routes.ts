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
  endDemoPeriodNow,
  payDemoCheckout,
  setDemoCancelAtPeriodEnd,
} from "./demo-subscription";
import type { DemoCheckout, DemoPortal } from "./demo-token";

type Wildcard = { Params: { "*": string } };
type FormBody = { Body: Record<string, string> | undefined };
const field = (body: Record<string, string> | undefined, name: string) => body?.[name] ?? "";

export async function demoPaymentRoutes(app: FastifyInstance, options: { payments: DemoPayments }): Promise<void> {
  const { tokens } = options.payments;
  const { config } = app.deps;
  const upgradeUrl = `${config.APP_URL}${ROUTES.upgrade}`;
  // The pages' forms post one field; parsed in this plugin only (the rest of the API takes JSON alone).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 8192 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header("content-security-policy", DEMO_PAGE_CSP)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(html);
  const sendError = (reply: FastifyReply, status: number, title: string, message: string) =>
    sendPage(reply, status, renderDemoError({ title, message, backUrl: upgradeUrl }));

  const readCheckout = (session: string): DemoCheckout | undefined =>
    session.startsWith(DEMO_SESSION_PREFIX)
      ? tokens.verify(session.slice(DEMO_SESSION_PREFIX.length), "checkout", app.deps.now())
      : undefined;
  const readPortal = (token: string): DemoPortal | undefined => tokens.verify(token, "portal", app.deps.now());

  /** The signed-in user when they are the one the session names; otherwise answers an error page and undefined. */
  function sessionUser(request: FastifyRequest, reply: FastifyReply, userId: number): UserRow | undefined {
    if (!request.user) {
      sendError(
        reply,
        401,
        "Sign in first",
        "Sign in to FicForge as the account that opened this page, then try again.",
      );
    } else if (request.user.id !== userId) {
      sendError(reply, 403, "Not your checkout", "This page belongs to another FicForge account.");
    } else {
      return request.user;
    }
    return undefined;
  }
  const expired = (reply: FastifyReply) =>
    sendError(
      reply,
      404,
      "This test checkout has expired",
      "It is no longer valid. Start again from the upgrade page.",
    );

  app.get<Wildcard>("/demo-checkout/*", async (request, reply) => {
    const sessionId = request.params["*"];
    const checkout = readCheckout(sessionId);
    if (!checkout) return expired(reply);
    const [user] = await request.db.select({ email: users.email }).from(users).where(eq(users.id, checkout.userId));
    if (!user) return expired(reply);
    return sendPage(reply, 200, renderCheckoutPage({ email: user.email, sessionId }));
  });

  app.post<FormBody>(DEMO_CHECKOUT_ACTIONS.pay, async (request, reply) => {
    const sessionId = field(request.body, "session");
    const checkout = readCheckout(sessionId);
    if (!checkout) return expired(reply);
    const user = sessionUser(request, reply, checkout.userId);
    if (!user) return reply;
    if (user.stripeCustomerId !== checkout.customerId) return expired(reply);
    await payDemoCheckout(request.db, user, { sessionId, customerId: checkout.customerId }, app.deps.now());
    return reply.redirect(checkout.successUrl, 303);
  });

  app.post<FormBody>(DEMO_CHECKOUT_ACTIONS.cancel, async (request, reply) => {
    const checkout = readCheckout(field(request.body, "session"));
    if (!checkout) return expired(reply);
    if (!sessionUser(request, reply, checkout.userId)) return reply;
    return reply.redirect(checkout.cancelUrl, 303);
  });

  app.get<Wildcard>("/demo-portal/*", async (request, reply) => {
    const token = request.params["*"];
    const portal = readPortal(token);
    if (!portal) return expired(reply);
    const [user] = await request.db.select().from(users).where(eq(users.id, portal.userId));
    if (!user) return expired(reply);
    const sub = currentDemoSubscription(user);
    const plan = sub && { periodEnd: sub.periodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd };
    return sendPage(reply, 200, renderPortalPage({ plan, token, returnUrl: portal.returnUrl }));
  });

  app.post<{ Params: { action: string } } & FormBody>("/api/demo-portal/:action", async (request, reply) => {
    const token = field(request.body, "token");
    const portal = readPortal(token);
    const action = DEMO_PORTAL_ACTIONS.find((a) => a === request.params.action);
    if (!portal || !action) return expired(reply);
    const user = sessionUser(request, reply, portal.userId);
    if (!user) return reply;
    const sub = currentDemoSubscription(user);
    const now = app.deps.now();
    if (sub && action === "end-period") await endDemoPeriodNow(request.db, sub, now);
    else if (sub) await setDemoCancelAtPeriodEnd(request.db, sub, action === "cancel", now);
    return reply.redirect(demoPortalPath(token), 303);
  });
}
