// @vitest-environment jsdom
// The reader with a work saved for offline (fake-indexeddb; fetch stubbed): without a network it shows the saved copy
// with 'You're reading offline' and no comments; online, a newer version replaces the copy and a 404 (the reader may no
// longer read it) deletes it; nothing saved by another account is ever shown.
import "fake-indexeddb/auto";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { UNTAGGED } from "../../../shared/tagging";
import { createQueryClient } from "../../lib/query-client";
import { claimOfflineData, getWork, saveWork } from "./offline-store";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const READER = { id: 1, username: "reader" };
const auth = { user: READER as { id: number; username: string } | null };
vi.mock("../auth/auth-context", () => ({ useAuth: () => auth }));
const { ReaderView } = await import("../reader/ReaderView");

// NOTE: IndexedDB (fake or not) answers in later tasks; on a loaded machine that outlasts testing-library's 1 s default.
const SLOW = { timeout: 5000 };

const STORY = {
  id: 7,
  title: "Storm Road",
  description: null,
  content: "<p>Mia ran through the rain.</p>",
  coverImage: null,
  authorId: 2,
  author: { username: "writer" },
  tags: [],
  fandoms: [],
  moods: null,
  rating: "general",
  ...UNTAGGED,
  likeCount: 0,
  commentCount: 0,
  liked: false,
  bookmarked: false,
  wordCount: 5,
  aiShare: 0,
  aiLabel: "none",
  publishedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  publicPath: "/s/7-storm-road",
  readerBackground: null,
  chapters: [],
  lastChapterAt: null,
} as unknown as ReadStoryView;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function serve(read: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === `/api/stories/${STORY.id}/read`) return read();
      if (url.endsWith("/comments")) return json({ items: [], nextCursor: null, total: 0 });
      if (url.endsWith("/bookmark")) return json({ bookmarked: false });
      if (url.endsWith("/later")) return json({ later: false });
      return json({ message: "unexpected" }, 500);
    }),
  );
}
const offline = () =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    }),
  );

function renderReader() {
  const location = memoryLocation({ path: `/dashboard/story/${STORY.id}/read` });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ReaderView id={String(STORY.id)} />
      </Router>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  auth.user = READER;
  await claimOfflineData(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("reading a work saved for offline", () => {
  it("shows the saved copy without a network, saying so, without comments", async () => {
    await saveWork(READER, STORY, null, new Date("2026-11-29T12:00:00Z"));
    offline();
    renderReader();
    expect(await screen.findByRole("heading", { level: 1, name: "Storm Road" }, SLOW)).toBeTruthy();
    expect(screen.getByText("Mia ran through the rain.")).toBeTruthy();
    expect(screen.getByTestId("reader-offline-banner").textContent).toContain("Saved on Nov 29, 2026");
    expect(screen.queryByTestId("reader-like")).toBeNull();
    expect(screen.queryByText(/Comments/)).toBeNull();
  });

  it("shows another account nothing of it: 'Story not found' offline", async () => {
    await saveWork({ id: 99, username: "someone-else" }, STORY, null);
    offline();
    renderReader();
    expect(await screen.findByText("Story not found", undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText("Mia ran through the rain.")).toBeNull();
  });

  it("online, replaces the copy with a newer version, and deletes it when the work is gone (404)", async () => {
    await saveWork(READER, STORY, null, new Date("2026-11-01T00:00:00Z"));
    const edited = { ...STORY, content: "<p>A new ending.</p>", updatedAt: "2026-11-20T00:00:00.000Z" };
    serve(() => json(edited));
    renderReader();
    expect(await screen.findByText("A new ending.", undefined, SLOW)).toBeTruthy();
    // NOTE: the button learns the copy is saved from IndexedDB, which may answer after the network's text has shown.
    await waitFor(() => expect(screen.getByTestId("reader-offline").getAttribute("aria-pressed")).toBe("true"), SLOW);
    await waitFor(
      async () => expect((await getWork(READER.id, STORY.id))?.story.content).toBe("<p>A new ending.</p>"),
      SLOW,
    );
    cleanup();

    serve(() => json({ message: "Story not found or not published" }, 404));
    renderReader();
    expect(await screen.findByText("Story not found", undefined, SLOW)).toBeTruthy();
    await waitFor(async () => expect(await getWork(READER.id, STORY.id)).toBeUndefined(), SLOW);
  });
});
