// @vitest-environment jsdom
// Settings' 'Subscription Management': premium only; "Renews on" or "Ends on" the period's
// end; a cancellation made in the customer portal shows as soon as the window has focus again; the portal's errors.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECKOUT_ERRORS, NO_SUBSCRIPTION } from "../../../shared/schemas/billing";
import SettingsPage from "../../pages/SettingsPage";
import { formatPlanDate } from "../upgrade/plan-summary";
import { json, plusUser, renderSignedIn, serve } from "../../test/upgrade";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
vi.mock("../../lib/navigate-away", () => ({ navigateAway: vi.fn() }));
const { toast } = await import("../../components/ui/toaster");
const { navigateAway } = await import("../../lib/navigate-away");

const EXPIRES = "2026-12-22T12:00:00.000Z";
const subscriber = (cancelAtPeriodEnd: boolean) =>
  plusUser({
    isPremium: true,
    subscriptionStatus: "active",
    subscriptionExpiresAt: EXPIRES,
    subscriptionCancelAtPeriodEnd: cancelAtPeriodEnd,
  });
const PORTAL = "POST /api/create-customer-portal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  vi.mocked(navigateAway).mockClear();
});

describe("Subscription Management", () => {
  it("is not shown to a free user", async () => {
    serve({ "GET /api/user": () => json(plusUser()) });
    renderSignedIn(<SettingsPage />, "/dashboard/settings");
    await screen.findByRole("heading", { name: "Public profile" });
    expect(screen.queryByRole("heading", { name: "Subscription Management" })).toBeNull();
  });

  it("says the plan renews, and that it ends once canceled in the portal (seen when the window has focus again)", async () => {
    let canceled = false;
    serve({
      "GET /api/user": () => json(subscriber(canceled)),
      [PORTAL]: () => json({ url: "http://localhost/demo-portal/p1" }),
    });
    renderSignedIn(<SettingsPage />, "/dashboard/settings");
    expect(await screen.findByText(new RegExp(`Renews on ${formatPlanDate(EXPIRES)}\\.`))).toBeTruthy();
    expect(screen.getByText("Active")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Manage Subscription" }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith("http://localhost/demo-portal/p1"));

    canceled = true;
    fireEvent.focus(window);
    expect(await screen.findByText(new RegExp(`Ends on ${formatPlanDate(EXPIRES)}\\.`))).toBeTruthy();
    expect(screen.getByText("Not renewing")).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });

  it.each([
    ["the server's message", () => json({ message: NO_SUBSCRIPTION }, 404), NO_SUBSCRIPTION],
    [
      "'Failed to open the customer portal.' without one",
      () => new Response("", { status: 502 }),
      CHECKOUT_ERRORS.portal,
    ],
    ["'Failed to open the customer portal.' without a url", () => json({}), CHECKOUT_ERRORS.portal],
  ])("toasts 'Error' with %s", async (_name, portal, description) => {
    serve({ "GET /api/user": () => json(subscriber(false)), [PORTAL]: portal });
    renderSignedIn(<SettingsPage />, "/dashboard/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Manage Subscription" }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Error", description, variant: "destructive" }));
    expect(screen.getByRole("button", { name: "Manage Subscription" })).toHaveProperty("disabled", false);
    expect(navigateAway).not.toHaveBeenCalled();
  });
});
