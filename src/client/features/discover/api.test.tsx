// @vitest-environment jsdom
// The browse list's paging: the array answer, the cursor in the x-next-cursor header, and useInfiniteQuery
// following it to the last page.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublishedStoryItem } from "../../../shared/schemas/reading";
import { ApiError } from "../../lib/api";
import { createQueryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { fetchPublishedPage } from "./api";
import { DEFAULT_FILTERS } from "./filters";
import { useDiscoverBrowse } from "./queries";
import { UNTAGGED_CARD } from "../../../shared/tagging";

function item(id: number): PublishedStoryItem {
  return {
    id,
    title: `Story ${id}`,
    description: null,
    coverImage: null,
    moods: null,
    tags: [],
    fandoms: [],
    likeCount: 0,
    rating: "general",
    ...UNTAGGED_CARD,
    aiLabel: "none",
    aiShare: 0,
    author: { username: "ada" },
  };
}

/** A server of `total` stories in pages of `size`; the cursor is the next index. */
function servePages(total: number, size: number) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      const params = new URL(url, "http://x").searchParams;
      const start = Number(params.get("cursor") ?? 0);
      const end = Math.min(start + size, total);
      const items = Array.from({ length: end - start }, (_, i) => item(start + i + 1));
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (end < total) headers["X-Next-Cursor"] = String(end);
      return new Response(JSON.stringify(items), { headers });
    }),
  );
  return urls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("fetchPublishedPage", () => {
  it("reads the array and the next cursor from the header, and sends the key's parameters and the cursor", async () => {
    const urls = servePages(5, 2);
    const first = await fetchPublishedPage(queryKeys.published({ limit: 2, sort: "featured", q: "dragons" }), null);
    expect(first.items.map((s) => s.id)).toEqual([1, 2]);
    expect(first.nextCursor).toBe("2");
    const second = await fetchPublishedPage(queryKeys.published({ limit: 2, sort: "featured" }), "2");
    expect(second.items.map((s) => s.id)).toEqual([3, 4]);
    expect(urls).toEqual([
      "/api/published-stories?limit=2&sort=featured&q=dragons",
      "/api/published-stories?limit=2&sort=featured&cursor=2",
    ]);
  });

  it("answers no next cursor on the last page", async () => {
    servePages(1, 4);
    expect(await fetchPublishedPage(queryKeys.published({ limit: 4 }), null)).toEqual({
      items: [item(1)],
      nextCursor: null,
      hiddenByAi: 0,
    });
  });

  it("reads how many works the AI filter hid from the header; anything but a count is 0", async () => {
    for (const [header, count] of [
      ["12", 12],
      ["1", 1],
      ["-3", 0],
      ["12abc", 0],
      ["9999999999", 0],
    ] as const) {
      vi.stubGlobal(
        "fetch",
        async () => new Response(JSON.stringify([item(1)]), { headers: { "x-hidden-by-ai": header } }),
      );
      expect((await fetchPublishedPage(queryKeys.published({}), null)).hiddenByAi).toBe(count);
    }
  });

  it("accepts a paginated { items, nextCursor } body too", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ items: [item(9)], nextCursor: "c9" })));
    expect(await fetchPublishedPage(queryKeys.published({}), null)).toEqual({
      items: [item(9)],
      nextCursor: "c9",
      hiddenByAi: 0,
    });
  });

  it("throws the API error of a failed page", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "Bad cursor" }), { status: 400 }));
    const failure = fetchPublishedPage(queryKeys.published({}), "junk");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow("Bad cursor");
  });
});

describe("useDiscoverBrowse", () => {
  it("follows the cursor page by page and stops on the last page", async () => {
    const urls = servePages(50, 24);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useDiscoverBrowse({ ...DEFAULT_FILTERS, tags: ["Romance"], exclude: ["Angst", "Dark"] }, undefined),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(3));
    const ids = result.current.data?.pages.flatMap((p) => p.items.map((s) => s.id));
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(result.current.hasNextPage).toBe(false);
    expect(urls[2]).toBe("/api/published-stories?limit=24&tag=Romance&exclude=Angst&exclude=Dark&sort=new&cursor=48");
  });
});
