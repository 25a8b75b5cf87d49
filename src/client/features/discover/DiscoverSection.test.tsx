// @vitest-environment jsdom
// The dashboard's Discover section: the tabs switch the feed, the NSFW toggle is Plus only, a failed fetch is an
// empty list.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DiscoverSection } from "./DiscoverSection";
import { fakeApi, renderWithClient, story } from "../../test/discover";

const auth = vi.hoisted(() => ({ isPremium: false }));
vi.mock("../auth/auth-context", () => ({ useAuth: () => ({ user: { username: "kai", isPremium: auth.isPremium } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Four stories per feed, their titles naming the sort and NSFW parameters they were asked with. */
function feeds() {
  return fakeApi((url) =>
    [1, 2, 3, 4, 5].map((id) =>
      story(id, { title: `${url.searchParams.get("sort")}${url.searchParams.get("nsfw") ? "+nsfw" : ""} ${id}` }),
    ),
  );
}

describe("Discover Stories", () => {
  it("shows at most 4 stories linking to the reader, and the tabs really switch the feed", async () => {
    auth.isPremium = false;
    const urls = feeds();
    renderWithClient(<DiscoverSection />);
    expect(screen.getAllByTestId("discover-skeleton")).toHaveLength(4);
    const cards = await screen.findAllByTestId("discover-story");
    expect(cards).toHaveLength(4);
    // The card's title opens the reader (its link covers the card); the author's name opens their page.
    const title = within(cards[0]!).getByRole("link", { name: "featured 1" });
    expect(title).toHaveProperty("href", expect.stringMatching(/\/dashboard\/story\/1\/read$/));
    const author = within(cards[0]!).getByTestId("discover-author");
    expect(author.getAttribute("href")).toBe(`/u/${author.textContent}`);
    expect(screen.getByText("featured 1")).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole("tab", { name: "For You" }), { button: 0 });
    expect(await screen.findByText("for-you 1")).toBeTruthy();
    expect(urls.map((u) => u.searchParams.get("sort"))).toEqual(["featured", "for-you"]);
    expect(screen.getByRole("link", { name: /Browse all/ }).getAttribute("href")).toBe("/dashboard/discover");
  });

  it("badges each card with its AI label: none for human-written, the share for AI-assisted", async () => {
    auth.isPremium = false;
    fakeApi(() => [
      story(1, { title: "Mine", aiLabel: "none", aiShare: 0 }),
      story(2, { title: "Helped", aiLabel: "assisted", aiShare: 0.34 }),
      story(3, { title: "Made", aiLabel: "generated", aiShare: 0.8 }),
    ]);
    renderWithClient(<DiscoverSection />);
    const cards = await screen.findAllByTestId("discover-story");
    expect(within(cards[0]!).queryByTestId("ai-badge")).toBeNull();
    expect(within(cards[1]!).getByTestId("ai-badge").getAttribute("title")).toBe("Marin wrote 34% of this work");
    expect(within(cards[1]!).getByTestId("ai-badge").textContent).toContain("AI-assisted 34%");
    expect(within(cards[2]!).getByTestId("ai-badge").textContent).toContain("AI-generated");
  });

  it("locks the NSFW toggle for a free user: no nsfw=1 is asked for", async () => {
    auth.isPremium = false;
    const urls = feeds();
    renderWithClient(<DiscoverSection />);
    await screen.findByText("featured 1");
    const toggle = screen.getByRole("switch", { name: "NSFW" });
    expect(toggle.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(urls.every((u) => !u.searchParams.has("nsfw"))).toBe(true);
    // Pressed (a touch screen has no hover): the tooltip's text shows beside it, leading to the upgrade page.
    expect(screen.getByRole("link", { name: "Unlock with FicForge Plus" }).getAttribute("href")).toBe(
      "/dashboard/upgrade",
    );
  });

  it("lets a premium user turn NSFW on, which asks with nsfw=1", async () => {
    auth.isPremium = true;
    const urls = feeds();
    renderWithClient(<DiscoverSection />);
    await screen.findByText("featured 1");
    const toggle = screen.getByRole("switch", { name: "NSFW" });
    expect(toggle.getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByText("featured+nsfw 1")).toBeTruthy();
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(urls.at(-1)?.searchParams.get("nsfw")).toBe("1");
  });

  it("answers a failed fetch with an empty list; a free user's says Plus shows more", async () => {
    auth.isPremium = false;
    fakeApi(() => new Response("boom", { status: 500 }));
    renderWithClient(<DiscoverSection />);
    expect(await screen.findByText("Upgrade to FicForge Plus to view NSFW content")).toBeTruthy();
    expect(screen.queryAllByTestId("discover-story")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "See FicForge Plus" }).getAttribute("href")).toBe("/dashboard/upgrade");
  });

  it("gives a premium user the plain empty message", async () => {
    auth.isPremium = true;
    fakeApi(() => []);
    renderWithClient(<DiscoverSection />);
    expect(await screen.findByText("No published stories yet")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("link", { name: "See FicForge Plus" })).toBeNull());
  });
});
