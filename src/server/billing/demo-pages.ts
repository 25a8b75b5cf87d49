// The demo checkout's and portal's HTML: server-rendered, no script, every text escaped, CSS inline and allowed by its
// hash. Each page says plainly that it is a test where no money moves. Landmarks: the test banner is the header, one
// h1 in main, the explanation in the footer; every colour pair passes WCAG AA (text 4.5:1, borders and focus 3:1).
import { PLUS_NAME } from "../../shared/schemas/billing";
import { PREMIUM_PRICE_LABEL } from "../../shared/limits";
import { htmlDocument, noindexHead, styleOnlyCsp } from "../html/document";
import { escapeHtml as e } from "../html/escape";

export const TEST_CHECKOUT_LABEL = "Test checkout — no money moves";
export const TEST_PORTAL_LABEL = "Test billing portal — no money moves";
export const END_PERIOD_LABEL = "End the billing period now (test)";

/** Where the checkout page's buttons post its session (a `session` field). */
export const DEMO_CHECKOUT_ACTIONS = { pay: "/api/demo-checkout/pay", cancel: "/api/demo-checkout/cancel" } as const;
/** The portal's query parameter that shows the cancel confirmation (`?confirm=cancel`): a step without script. */
export const CONFIRM_CANCEL = { name: "confirm", value: "cancel" } as const;
export const CONFIRM_CANCEL_LABEL = "Confirm cancellation";
/** The portal's buttons post their token (a `token` field) to /api/demo-portal/{action}. */
export const DEMO_PORTAL_ACTIONS = ["cancel", "resume", "end-period"] as const;
export type DemoPortalAction = (typeof DEMO_PORTAL_ACTIONS)[number];

const CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c1530;background:#f5f3ff;line-height:1.5}
.test{background:#fef3c7;color:#78350f;border-bottom:2px solid #b45309;text-align:center;font-weight:700;padding:.75rem 1rem}
.test p{margin:0}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #ddd6fe;border-radius:1rem;padding:1.5rem;box-shadow:0 10px 25px -15px rgba(76,29,149,.4)}
h1{font-size:1.4rem;margin:0 0 .25rem}
.price{font-size:2rem;font-weight:700;margin:.5rem 0 0}
.price small{font-size:1rem;font-weight:500;color:#475569}
.muted{color:#475569;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0}
dt{color:#475569}dd{margin:0;font-weight:600;overflow-wrap:anywhere;min-width:0}
form{margin:.75rem 0 0}
button,.link{display:block;width:100%;font:inherit;font-weight:600;text-align:center;padding:.7rem 1rem;border-radius:.6rem;cursor:pointer;text-decoration:none}
button{border:0;background:#6d28d9;color:#fff}
button:hover{background:#5b21b6}
button.alt,.link{background:#fff;color:#1c1530;border:1px solid #64748b}
button.alt:hover,.link:hover{background:#f8fafc}
button.test-control{background:#fff;color:#78350f;border:1px dashed #b45309}
button:focus-visible,.link:focus-visible{outline:2px solid #6d28d9;outline-offset:2px}
footer{max-width:28rem;margin:0 auto 2rem;padding:0 1rem;font-size:.85rem;color:#475569}
footer p{margin:0}
`;

export const DEMO_PAGE_CSP = styleOnlyCsp(CSS);

const dateText = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function page(title: string, label: string, body: string, footer: string): string {
  return htmlDocument(
    noindexHead(e(title), CSS),
    `<header class="test"><p>${e(label)}</p></header>
<main><div class="card">
${body}
</div></main>
<footer><p>${footer}</p></footer>`,
  );
}

/** A button sending one hidden field to `action` (a post, or a get for a step that changes nothing). */
const button = (
  action: string,
  field: { name: string; value: string },
  text: string,
  className = "",
  method: "post" | "get" = "post",
) =>
  `<form method="${method}" action="${e(action)}"><input type="hidden" name="${e(field.name)}" value="${e(field.value)}"><button type="submit"${className ? ` class="${className}"` : ""}>${e(text)}</button></form>`;

const link = (href: string, text: string) => `<p><a class="link" href="${e(href)}">${e(text)}</a></p>`;

const CHECKOUT_FOOTER = `This is FicForge's demo checkout. Pay turns on ${e(PLUS_NAME)} for this account; nothing is charged.`;

/**
 * The checkout: open (Pay or Cancel), already paid (this session's payment went through: no second Pay), or the
 * account already has Plus from another checkout.
 */
export type CheckoutState = { kind: "open" } | { kind: "paid"; paidAt: Date } | { kind: "subscribed" };

export function renderCheckoutPage(model: {
  email: string;
  sessionId: string;
  state: CheckoutState;
  returnUrl: string;
}): string {
  const { state } = model;
  const title = `${PLUS_NAME} checkout`;
  if (state.kind !== "open") {
    const heading = state.kind === "paid" ? "This checkout is paid" : `You already have ${PLUS_NAME}`;
    const detail =
      state.kind === "paid"
        ? `Paid on ${e(dateText(state.paidAt))}. There is nothing more to pay.`
        : "There is nothing to pay: this account is already subscribed.";
    return page(
      title,
      TEST_CHECKOUT_LABEL,
      `<h1>${heading}</h1>
<p class="muted">${detail}</p>
<dl><dt>Account</dt><dd>${e(model.email)}</dd></dl>
${link(model.returnUrl, "Return to FicForge")}`,
      CHECKOUT_FOOTER,
    );
  }
  const session = { name: "session", value: model.sessionId };
  return page(
    title,
    TEST_CHECKOUT_LABEL,
    `<h1>Subscribe to ${e(PLUS_NAME)}</h1>
<p class="price">${e(PREMIUM_PRICE_LABEL)} <small>/ month</small></p>
<p class="muted">Auto-renews every month until canceled.</p>
<dl><dt>Account</dt><dd>${e(model.email)}</dd><dt>Card</dt><dd>None needed: this is a test</dd></dl>
${button(DEMO_CHECKOUT_ACTIONS.pay, session, "Pay")}
${button(DEMO_CHECKOUT_ACTIONS.cancel, session, "Cancel", "alt")}`,
    CHECKOUT_FOOTER,
  );
}

export interface PortalPlan {
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

const portalAction = (name: DemoPortalAction) => `/api/demo-portal/${name}`;

function planDetails(plan: PortalPlan, token: string, portalPath: string): string {
  const field = { name: "token", value: token };
  const status = plan.cancelAtPeriodEnd ? "Canceled, ends at the end of the period" : "Active";
  return `<dl><dt>Plan</dt><dd>${e(PLUS_NAME)}, ${e(PREMIUM_PRICE_LABEL)} / month</dd><dt>Status</dt><dd>${status}</dd>
<dt>${plan.cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt><dd>${e(dateText(plan.periodEnd))}</dd></dl>
${
  plan.cancelAtPeriodEnd
    ? button(portalAction("resume"), field, "Resume subscription")
    : button(portalPath, CONFIRM_CANCEL, "Cancel subscription", "alt", "get")
}
${button(portalAction("end-period"), field, END_PERIOD_LABEL, "test-control")}`;
}

/** The confirmation step before canceling: what happens, and the day access ends. */
function confirmCancel(plan: PortalPlan, token: string, portalPath: string): string {
  return `<h1>Cancel your subscription?</h1>
<p>You keep ${e(PLUS_NAME)} until <strong>${e(dateText(plan.periodEnd))}</strong>, the end of the period you have paid for. After that your account moves to the free plan, and nothing more is charged. You can resume the subscription until then.</p>
${button(portalAction("cancel"), { name: "token", value: token }, CONFIRM_CANCEL_LABEL)}
${link(portalPath, "Keep my subscription")}`;
}

export function renderPortalPage(model: {
  plan: PortalPlan | undefined;
  token: string;
  /** This page's own path (the confirmation step and its way back). */
  portalPath: string;
  returnUrl: string;
  confirmingCancel: boolean;
}): string {
  const { plan, token, portalPath } = model;
  const body =
    plan && !plan.cancelAtPeriodEnd && model.confirmingCancel
      ? confirmCancel(plan, token, portalPath)
      : `<h1>Your subscription</h1>
${plan ? planDetails(plan, token, portalPath) : `<p class="muted">You have no running ${e(PLUS_NAME)} subscription.</p>`}
${link(model.returnUrl, "Return to FicForge")}`;
  return page(
    "Manage subscription",
    TEST_PORTAL_LABEL,
    body,
    `This is FicForge's demo billing portal. Canceling keeps ${e(PLUS_NAME)} until the period ends, as a real portal does.`,
  );
}

export function renderDemoError(model: { title: string; message: string; backUrl: string }): string {
  return page(
    model.title,
    TEST_CHECKOUT_LABEL,
    `<h1>${e(model.title)}</h1>
<p class="muted">${e(model.message)}</p>
${link(model.backUrl, "Back to FicForge")}`,
    "This is FicForge's demo checkout: a test where no money moves.",
  );
}
