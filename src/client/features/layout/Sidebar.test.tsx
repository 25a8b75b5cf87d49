// @vitest-environment jsdom
// The sidebar for FicForge Plus: the brand gets its plus sign and the 'Upgrade' link goes away
// for premium users, and both follow the user as soon as it is reloaded (after a checkout, or a plan that ended).
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../../lib/query-keys";
import { json, plusUser, renderSignedIn, serve } from "../../test/upgrade";
import { Sidebar } from "./Sidebar";

const sidebar = vi.hoisted(() => ({ collapsed: false }));
vi.mock("./sidebar-state", () => ({
  useSidebar: () => ({ collapsed: sidebar.collapsed, forced: sidebar.collapsed, toggle: () => {} }),
}));

afterEach(() => {
  sidebar.collapsed = false;
  cleanup();
  vi.unstubAllGlobals();
});

function serveUser(isPremium: () => boolean) {
  serve({
    "GET /api/user": () =>
      json(plusUser({ isPremium: isPremium(), subscriptionStatus: isPremium() ? "active" : null })),
    "GET /api/stories": () => json([]),
    "GET /api/bookmarks": () => json([]),
  });
}

const nav = () => within(screen.getByRole("navigation", { name: "Dashboard" }));

describe("the sidebar and FicForge Plus", () => {
  it("shows 'FicForge' and the Upgrade link to a free user, then 'FicForge+' without it once premium", async () => {
    let premium = false;
    serveUser(() => premium);
    const { client } = renderSignedIn(<Sidebar />);
    const brand = await screen.findByRole("link", { name: "FicForge" });
    expect(brand.textContent).toBe("FicForge");
    expect(nav().getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/dashboard/upgrade");
    expect(screen.getByText("Free plan")).toBeTruthy();

    premium = true;
    await act(() => client.refetchQueries({ queryKey: queryKeys.user }));
    expect((await screen.findByRole("link", { name: "FicForge+" })).textContent).toBe("FicForge+");
    expect(nav().queryByRole("link", { name: "Upgrade" })).toBeNull();
    expect(screen.getByText("FicForge Plus")).toBeTruthy();
  });

  it("never offers the Upgrade link to a premium user", async () => {
    serveUser(() => true);
    renderSignedIn(<Sidebar />);
    await screen.findByRole("link", { name: "FicForge+" });
    expect(
      nav()
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([
      "Home",
      "Create Story",
      "Discover",
      "History",
      "Series",
      "My assignments",
      "Collections",
      "Canon packs",
      "Settings",
    ]);
  });
});

describe("the collapsed sidebar (a phone's)", () => {
  it("names the avatar for screen readers, since its initial is all that shows", async () => {
    sidebar.collapsed = true;
    serveUser(() => false);
    renderSignedIn(<Sidebar />);
    expect((await screen.findByRole("img", { name: /^Signed in as / })).textContent).toMatch(/^[A-Z?]$/);
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });
});
