// @vitest-environment jsdom
// /dashboard/upgrade: the perks and price, 'Processing...' then the redirect, the 'Error'
// toasts, the checkout-return toasts with the parameter cleared, the wait for activation, a subscriber's plan.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECKOUT_ERRORS, CHECKOUT_TOASTS, PLUS_PERKS, PLUS_PRICE_TEXT } from "../../../shared/schemas/billing";
import { ACTIVATING_TEXT, DELAYED_TEXT } from "./PlanCard";
import { formatPlanDate } from "./plan-summary";
import { json, plusUser, renderSignedIn, serve } from "../../test/upgrade";
import { ACTIVATION_WAIT_MS } from "./use-activation";
import { UpgradeView } from "./UpgradeView";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
vi.mock("../../lib/navigate-away", () => ({ navigateAway: vi.fn() }));
const { toast } = await import("../../components/ui/toaster");
const { navigateAway } = await import("../../lib/navigate-away");

const UPGRADE = "/dashboard/upgrade";
const CHECKOUT = "POST /api/create-subscription-session";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  vi.mocked(navigateAway).mockClear();
});

const subscribeButton = () => screen.findByRole("button", { name: "Subscribe" });

describe("the upgrade page for a free user", () => {
  it("lists the five perks and the price, with a way back to the dashboard", async () => {
    serve({ "GET /api/user": () => json(plusUser()) });
    renderSignedIn(<UpgradeView />, UPGRADE);
    await subscribeButton();
    const perks = screen.getAllByTestId("plus-perk");
    expect(perks.map((li) => li.querySelector("h3")?.textContent)).toEqual(PLUS_PERKS.map((p) => p.title));
    expect(screen.getByText(PLUS_PRICE_TEXT)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/dashboard");
  });

  it("says 'Processing...' while the session is created, then goes to its url", async () => {
    let answer: (r: Response) => void = () => {};
    const calls = serve({
      "GET /api/user": () => json(plusUser()),
      [CHECKOUT]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSignedIn(<UpgradeView />, UPGRADE);
    fireEvent.click(await subscribeButton());
    const pending = await screen.findByRole("button", { name: /Processing\.\.\./ });
    expect(pending).toHaveProperty("disabled", true);
    expect(navigateAway).not.toHaveBeenCalled();

    answer(json({ sessionId: "cs_1", url: "http://localhost/demo-checkout/cs_1" }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith("http://localhost/demo-checkout/cs_1"));
    // Until the browser has left, the button keeps saying so (a second click would start a second checkout).
    expect(screen.getByRole("button", { name: /Processing\.\.\./ })).toHaveProperty("disabled", true);
    expect(calls.filter((c) => c === CHECKOUT)).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    ["the server's message", () => json({ message: "Your card was declined." }, 502), "Your card was declined."],
    [
      "'Failed to create checkout session.' without one",
      () => new Response("", { status: 500 }),
      CHECKOUT_ERRORS.create,
    ],
    [
      "'Failed to create checkout session.' for an unexpected server error",
      () => json({ message: "Internal Server Error", code: "INTERNAL" }, 500),
      CHECKOUT_ERRORS.create,
    ],
    ["'Failed to redirect to checkout.' without a url", () => json({ sessionId: "cs_2" }), CHECKOUT_ERRORS.redirect],
  ])("toasts 'Error' with %s", async (_name, checkout, description) => {
    serve({ "GET /api/user": () => json(plusUser()), [CHECKOUT]: checkout });
    renderSignedIn(<UpgradeView />, UPGRADE);
    fireEvent.click(await subscribeButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Error", description, variant: "destructive" }));
    expect(await subscribeButton()).toHaveProperty("disabled", false);
    expect(navigateAway).not.toHaveBeenCalled();
  });
});

describe("coming back from the checkout", () => {
  it("toasts a canceled checkout once, neutrally, and clears the parameter", async () => {
    serve({ "GET /api/user": () => json(plusUser()) });
    renderSignedIn(<UpgradeView />, `${UPGRADE}?subscription=canceled&ref=mail`);
    await subscribeButton();
    await waitFor(() => expect(window.location.search).toBe("?ref=mail"));
    expect(window.location.pathname).toBe(UPGRADE);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ ...CHECKOUT_TOASTS.canceled, variant: "info" });
    expect(screen.queryByText(ACTIVATING_TEXT)).toBeNull();
  });

  it("toasts success, waits for the webhook while polling the user, then shows the plan", async () => {
    let reads = 0;
    const premium = plusUser({ isPremium: true, subscriptionStatus: "active" });
    const calls = serve({ "GET /api/user": () => json(++reads >= 3 ? premium : plusUser()) });
    renderSignedIn(<UpgradeView />, `${UPGRADE}?subscription=success`);
    expect(await screen.findByText(ACTIVATING_TEXT)).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ ...CHECKOUT_TOASTS.success, variant: "default" });
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(screen.queryByRole("button", { name: "Subscribe" })).toBeNull();

    expect(await screen.findByText("You're on FicForge Plus")).toBeTruthy();
    expect(screen.queryByText(ACTIVATING_TEXT)).toBeNull();
    const readsWhenActive = calls.filter((c) => c === "GET /api/user").length;
    expect(readsWhenActive).toBeGreaterThanOrEqual(3);
    // Premium: the polling stops.
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(calls.filter((c) => c === "GET /api/user")).toHaveLength(readsWhenActive);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it("says so calmly when the subscription has not arrived after 30 s, and can check again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval", "Date"] });
    let user = plusUser();
    const calls = serve({ "GET /api/user": () => json(user) });
    renderSignedIn(<UpgradeView />, `${UPGRADE}?subscription=success`);
    expect(await screen.findByText(ACTIVATING_TEXT)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS + 2000));
    expect(await screen.findByText(DELAYED_TEXT)).toBeTruthy();
    const reads = calls.filter((c) => c === "GET /api/user").length;
    expect(reads).toBeGreaterThanOrEqual(15);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls.filter((c) => c === "GET /api/user")).toHaveLength(reads);

    user = plusUser({ isPremium: true, subscriptionStatus: "active" });
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    expect(await screen.findByText("You're on FicForge Plus")).toBeTruthy();
  });
});

describe("the upgrade page for a subscriber", () => {
  it("shows the plan, when it renews, and 'Manage Subscription' instead of subscribing", async () => {
    const expires = "2026-12-22T12:00:00.000Z";
    const calls = serve({
      "GET /api/user": () =>
        json(plusUser({ isPremium: true, subscriptionStatus: "active", subscriptionExpiresAt: expires })),
      "POST /api/create-customer-portal": () => json({ url: "http://localhost/demo-portal/cus_1" }),
    });
    renderSignedIn(<UpgradeView />, UPGRADE);
    expect(await screen.findByText("You're on FicForge Plus")).toBeTruthy();
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByText(`Renews on ${formatPlanDate(expires)}`)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Subscribe" })).toBeNull();
    expect(screen.getAllByTestId("plus-perk")).toHaveLength(5);

    fireEvent.click(screen.getByRole("button", { name: "Manage Subscription" }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith("http://localhost/demo-portal/cus_1"));
    expect(calls).not.toContain(CHECKOUT);
  });
});
