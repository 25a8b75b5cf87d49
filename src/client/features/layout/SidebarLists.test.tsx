// @vitest-environment jsdom
// Saved Stories: fed by GET /api/bookmarks, each linking to the reader, refreshed when the reader invalidates
// queryKeys.bookmarks after a bookmark toggle; a failed fetch is an empty list.
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookmarkItem } from "../../../shared/schemas/reading";
import { queryKeys } from "../../lib/query-keys";
import { fakeApi, renderWithClient } from "../../test/discover";
import { SidebarLists } from "./SidebarLists";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = (id: number, title: string): BookmarkItem => ({
  id,
  title,
  aiLabel: "none",
  aiShare: 0,
  coverImage: null,
  author: { username: `writer${id}` },
  note: null,
  tags: [],
  rec: false,
  private: false,
  bookmarkedAt: "2026-11-01T00:00:00.000Z",
});

describe("Saved Stories", () => {
  it("lists the bookmarks with reader links and refreshes when the bookmarks key is invalidated", async () => {
    let bookmarks = [saved(3, "Moonlit Pact")];
    fakeApi((url) => (url.pathname === "/api/bookmarks" ? bookmarks : []));
    const { client } = renderWithClient(<SidebarLists collapsed={false} />);
    const list = await screen.findByTestId("saved-stories");
    const link = within(list).getByRole("link", { name: /Moonlit Pact/ });
    expect(link.getAttribute("href")).toBe("/dashboard/story/3/read");
    expect(link.textContent).toContain("by writer3");

    bookmarks = [saved(8, "Ashes of Elm"), ...bookmarks];
    await act(() => client.invalidateQueries({ queryKey: queryKeys.bookmarks }));
    expect(await within(screen.getByTestId("saved-stories")).findByRole("link", { name: /Ashes of Elm/ })).toBeTruthy();
  });

  it("shows up to 3 icons when collapsed, each named with its title and author as the expanded row reads", async () => {
    fakeApi((url) => (url.pathname === "/api/bookmarks" ? [1, 2, 3, 4].map((id) => saved(id, `Tale ${id}`)) : []));
    renderWithClient(<SidebarLists collapsed />);
    const list = await screen.findByRole("list", { name: "Saved Stories" });
    // getByRole's name is the accessible name a screen reader computes, not just the attribute.
    const names = ["Tale 1 by writer1", "Tale 2 by writer2", "Tale 3 by writer3"];
    expect(names.map((name) => within(list).getByRole("link", { name }).getAttribute("href"))).toEqual([
      "/dashboard/story/1/read",
      "/dashboard/story/2/read",
      "/dashboard/story/3/read",
    ]);
    expect(within(list).getAllByRole("link")).toHaveLength(3);
  });

  it("falls back to 'No saved stories' when the fetch fails", async () => {
    fakeApi((url) => (url.pathname === "/api/bookmarks" ? new Response("nope", { status: 404 }) : []));
    renderWithClient(<SidebarLists collapsed={false} />);
    expect(await screen.findByText("No saved stories")).toBeTruthy();
  });
});
