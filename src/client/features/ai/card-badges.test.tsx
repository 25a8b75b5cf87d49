// @vitest-environment jsdom
// Every list of others' works carries the AI badge: the Following feed, History and 'Continue reading' rows, and
// Saved Stories in the sidebar (Discover's cards are tested with Discover). A work without a label has none.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fakeApi, renderWithClient } from "../../test/discover";
import { FollowingFeed } from "../community/FollowingFeed";
import { SidebarLists } from "../layout/SidebarLists";
import { HistoryItemRow } from "../reading-stats/HistoryItemRow";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inRouter = (ui: React.ReactNode) => <Router hook={memoryLocation({ path: "/dashboard" }).hook}>{ui}</Router>;

describe("AI badges on lists", () => {
  it("the Following feed badges an AI-assisted work and not a human-written one", async () => {
    const item = (storyId: number, title: string) => ({
      kind: "story",
      storyId,
      title,
      description: null,
      author: { username: "ana" },
      chapterNumber: null,
      via: "author",
      at: "2026-11-01T00:00:00.000Z",
    });
    fakeApi(() => ({
      items: [
        { ...item(1, "Helped"), aiLabel: "assisted", aiShare: 0.34 },
        { ...item(2, "Mine"), aiLabel: "none", aiShare: 0 },
      ],
      nextCursor: null,
    }));
    renderWithClient(inRouter(<FollowingFeed />));
    const items = await screen.findAllByTestId("following-item");
    expect(within(items[0]!).getByTestId("ai-badge").getAttribute("title")).toBe("Marin wrote 34% of this work");
    expect(within(items[1]!).queryByTestId("ai-badge")).toBeNull();
  });

  it("the Following feed says how many works the AI filter hid, and 'show' asks for every work", async () => {
    const asked: string[] = [];
    fakeApi((url) => {
      asked.push(url.search);
      const all = url.searchParams.get("ai") === "any";
      return {
        items: [
          {
            kind: "story",
            storyId: 2,
            title: "Mine",
            description: null,
            author: { username: "ana" },
            chapterNumber: null,
            via: "author",
            at: "2026-11-01T00:00:00.000Z",
            aiLabel: "none",
            aiShare: 0,
          },
        ],
        nextCursor: null,
        ...(all ? {} : { hiddenByAi: 2 }),
      };
    });
    renderWithClient(inRouter(<FollowingFeed />));
    const line = await screen.findByTestId("hidden-by-ai");
    expect(line.textContent).toBe("2 works hidden by your AI filter — show");
    within(line).getByRole("button", { name: "show" }).click();
    await vi.waitFor(() => expect(asked).toContain("?ai=any"));
    await vi.waitFor(() => expect(screen.queryByTestId("hidden-by-ai")).toBeNull());
  });

  it("a History row says AI-generated", () => {
    const row = {
      storyId: 4,
      title: "Made",
      authorUsername: "ana",
      coverImage: null,
      chapter: 1,
      overall: 0.5,
      updatedAt: "2026-11-01T00:00:00.000Z",
      aiLabel: "generated" as const,
      aiShare: 0.8,
    };
    renderWithClient(inRouter(<HistoryItemRow item={row} />));
    expect(screen.getByTestId("ai-badge").textContent).toContain("AI-generated");
  });

  it("Saved Stories badges a saved AI-assisted work", async () => {
    fakeApi((url) =>
      url.pathname === "/api/bookmarks"
        ? [{ id: 3, title: "Helped", coverImage: null, author: { username: "ana" }, aiLabel: "assisted", aiShare: 0.2 }]
        : [],
    );
    renderWithClient(inRouter(<SidebarLists collapsed={false} />));
    const list = await screen.findByTestId("saved-stories");
    expect((await within(list).findByTestId("ai-badge")).textContent).toContain("AI-assisted 20%");
  });
});
