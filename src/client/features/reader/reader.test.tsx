// @vitest-environment jsdom
// The reader as a visitor uses it, against the API contract (fetch stubbed): the share dialog's copy step
// ('Link copied!' for 2 seconds, 'Failed to copy'), 'Coming soon!', the author sent to the editor, 'Story not
// found', 'No content yet', and the like shown at once and rolled back when refused.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { Router } from "wouter";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { createQueryClient } from "../../lib/query-client";
import { UNTAGGED } from "../../../shared/tagging";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const auth = { user: { id: 1, username: "reader" } as { id: number; username: string } | null };
vi.mock("../auth/auth-context", () => ({ useAuth: () => auth }));
const { toast } = await import("../../components/ui/toaster");
const { ReaderView } = await import("./ReaderView");
const { shareUrl } = await import("./share-link");

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const STORY: ReadStoryView = {
  id: 7,
  title: "Storm Road",
  description: "Two rivals, one storm.",
  content: "<p>Chapter 1: Rain</p><p>Mia ran.</p><hr><p>Chapter 2: Home</p><p>She slept.</p>",
  coverImage: null,
  authorId: 2,
  author: { username: "writer" },
  tags: [],
  fandoms: ["Naruto"],
  moods: { romance: 80 },
  rating: "general",
  ...UNTAGGED,
  likeCount: 3,
  commentCount: 0,
  liked: false,
  bookmarked: false,
  wordCount: 460,
  aiShare: 0.42,
  aiLabel: "assisted",
  publishedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  publicPath: "/s/7-storm-road",
  readerBackground: null,
  chapters: [],
  lastChapterAt: null,
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
function serve(story: ReadStoryView | null, extra: Handler = () => json({ message: "unexpected" }, 500)) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === `/api/stories/${STORY.id}/read`)
      return story ? json(story) : json({ message: "Story not found or not published" }, 404);
    if (url === `/api/stories/${STORY.id}/bookmark` && !init?.method) return json({ bookmarked: false });
    if (url === `/api/stories/${STORY.id}/comments`) return json({ items: [], nextCursor: null, total: 0 });
    return extra(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderReader() {
  const location = memoryLocation({ path: `/dashboard/story/${STORY.id}/read`, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ReaderView id={String(STORY.id)} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

beforeEach(() => {
  auth.user = { id: 1, username: "reader" };
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the share link", () => {
  it("is the public page, or the in-app reader for a mature story", () => {
    expect(shareUrl("https://ficforge.test", STORY)).toBe("https://ficforge.test/s/7-storm-road");
    expect(shareUrl("https://ficforge.test", { ...STORY, publicPath: null })).toBe(
      "https://ficforge.test/dashboard/story/7/read",
    );
  });
});

describe("the reader", () => {
  it("shows the story: title, author, chips, reading time, Marin's share and chapters", async () => {
    serve(STORY);
    renderReader();
    expect(await screen.findByRole("heading", { level: 1, name: "Storm Road" })).toBeTruthy();
    expect(screen.getByTestId("reader-author").textContent).toBe("writer");
    expect(screen.getByRole("link", { name: "writer" }).getAttribute("href")).toBe("/u/writer");
    expect(screen.getByText("No cover image")).toBeTruthy();
    expect(screen.getByTestId("reader-chips").textContent).toBe("NarutoRomance");
    expect(screen.getByText("2 min read")).toBeTruthy();
    // No label in the answer: the measured share gives it (42% of the words: AI-assisted).
    const badge = screen.getByTestId("ai-badge");
    expect(badge.textContent).toContain("AI-assisted 42%");
    expect(badge.getAttribute("title")).toBe("Marin wrote 42% of this work");
    expect(screen.getByTestId("reader-back").getAttribute("href")).toBe("/dashboard");
    // Issue 20, 31: the Download menu of a story with a public page: EPUB, HTML and PDF beside each other.
    fireEvent.keyDown(screen.getByRole("button", { name: "Download" }), { key: "Enter" });
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => [item.firstChild?.textContent, item.getAttribute("href")])).toEqual([
      ["EPUB", "/s/7-storm-road/download.epub"],
      ["HTML", "/s/7-storm-road/download.html"],
      ["PDF", "/s/7-storm-road/download.pdf"],
    ]);
    for (const item of items) expect(item.hasAttribute("download")).toBe(true);
  });

  it("shows the work's label as the server gives it: AI-generated, or no badge for a human-written work", async () => {
    serve({ ...STORY, aiShare: 0.1, aiLabel: "generated" });
    renderReader();
    expect((await screen.findByTestId("ai-badge")).textContent).toContain("AI-generated");
    cleanup();
    serve({ ...STORY, aiShare: 0, aiLabel: "none" });
    renderReader();
    await screen.findByRole("heading", { level: 1, name: "Storm Road" });
    expect(screen.queryByTestId("ai-badge")).toBeNull();
  });

  it("shows one chapter at a time with its list, Previous / Next and the entire work, kept in the URL", async () => {
    serve({
      ...STORY,
      chapters: [
        { n: 1, title: "Chapter 1: Rain", words: 5, firstPublishedAt: "2026-01-01T00:00:00.000Z" },
        { n: 2, title: "Chapter 2: Home", words: 5, firstPublishedAt: "2026-02-03T00:00:00.000Z" },
      ],
      lastChapterAt: "2026-02-03T00:00:00.000Z",
    });
    // jsdom lays nothing out; the reader asks for the new chapter's top to come into view.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const location = renderReader();
    expect(await screen.findByRole("heading", { level: 2, name: "Chapter 1: Rain" })).toBeTruthy();
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(screen.queryByRole("heading", { level: 2, name: "Chapter 2: Home" })).toBeNull();
    expect(screen.getByTestId("reader-chapter-position").textContent).toBe("Chapter 1 of 2");
    expect(screen.getByTestId("reader-updated").textContent).toBe("Updated Feb 3, 2026");
    expect(screen.queryByRole("link", { name: /Previous/ })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: /Next/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "Chapter 2: Home" })).toBeTruthy();
    expect(screen.queryByText("Mia ran.")).toBeNull();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(location.history!.at(-1)).toBe(`/dashboard/story/${STORY.id}/read?chapter=2`);
    const current = screen
      .getAllByRole("link", { name: /Chapter 2: Home/ })
      .find((a) => a.getAttribute("aria-current"));
    expect(current?.textContent).toBe("Chapter 2: Home5 words");
    fireEvent.click(screen.getByRole("link", { name: /Previous/ }));
    expect(await screen.findByText("Mia ran.")).toBeTruthy();
    // The entire work: both chapters, the list as anchors into the text.
    fireEvent.click(screen.getByTestId("reader-entire-work"));
    expect(await screen.findByRole("heading", { level: 2, name: "Chapter 2: Home" })).toBeTruthy();
    expect(screen.getByText("Mia ran.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Chapter 2: Home" }).id).toBe("chapter-2-home");
    expect(screen.getAllByRole("link", { name: "Chapter 2: Home" })[0]!.getAttribute("href")).toBe("#chapter-2-home");
    expect(location.history!.at(-1)).toBe(`/dashboard/story/${STORY.id}/read?chapter=all`);
  });

  it("copies the link, says 'Link copied!' for 2 seconds, and toasts 'Failed to copy' when the clipboard refuses", async () => {
    serve(STORY);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    renderReader();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    const copy = await screen.findByTestId("share-copy");
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/7-storm-road`);
    expect(copy.textContent).toBe("Link copied!");
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(copy.textContent).toBe("Link copied!");
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(copy.textContent).toBe("Copy link");
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(copy.textContent).toBe("Copy link");
    expect(toast).toHaveBeenCalledWith({
      title: "Failed to copy",
      description: "Please copy the link manually",
      variant: "destructive",
    });
  });

  it("says 'Coming soon!' for Instagram and TikTok", async () => {
    serve(STORY);
    renderReader();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    fireEvent.click(await screen.findByRole("button", { name: "TikTok" }));
    expect(toast).toHaveBeenLastCalledWith({ title: "Coming soon!" });
    fireEvent.click(screen.getByRole("button", { name: "Instagram" }));
    expect(vi.mocked(toast)).toHaveBeenCalledTimes(2);
  });

  it("sends the story's author to the editor", async () => {
    auth.user = { id: STORY.authorId!, username: "writer" };
    serve(STORY);
    const location = renderReader();
    await waitFor(() => expect(location.history.at(-1)).toBe(`/dashboard/story/${STORY.id}`));
  });

  it("sends a co-creator of the story to the editor too", async () => {
    auth.user = { id: 99, username: "Cowriter" };
    serve({ ...STORY, coCreators: [{ username: "cowriter" }] });
    const location = renderReader();
    await waitFor(() => expect(location.history.at(-1)).toBe(`/dashboard/story/${STORY.id}`));
  });

  it("shows the author's reader background behind the story only when the story has one", async () => {
    serve({ ...STORY, readerBackground: "/api/images/bg-1" });
    renderReader();
    await screen.findByRole("heading", { level: 1, name: "Storm Road" });
    const backdrop = screen.getByTestId("reader-backdrop");
    expect(screen.getByTestId("reader-backdrop-image").style.backgroundImage).toBe('url("/api/images/bg-1")');
    // The story (its title and text) sits inside, on the paper panel; the picture is decoration only.
    expect(backdrop.querySelector(".reader-page")?.contains(screen.getByText("Mia ran."))).toBe(true);
    expect(screen.getByTestId("reader-backdrop-image").closest("[aria-hidden]")).not.toBeNull();
    cleanup();
    serve(STORY);
    renderReader();
    await screen.findByRole("heading", { level: 1, name: "Storm Road" });
    expect(screen.queryByTestId("reader-backdrop")).toBeNull();
  });

  it("shows 'Story not found' when the story cannot be read", async () => {
    serve(null);
    renderReader();
    expect(await screen.findByRole("heading", { name: "Story not found" })).toBeTruthy();
    expect(
      screen.getByText("This story might have been deleted or you don't have permission to view it."),
    ).toBeTruthy();
  });

  it("shows 'No content yet' for an empty story", async () => {
    serve({ ...STORY, content: "<p></p>", wordCount: 0 });
    renderReader();
    expect(await screen.findByText("No content yet")).toBeTruthy();
    expect(screen.getByText("This story doesn't have any content to display.")).toBeTruthy();
  });

  it("counts a like at once and takes it back when the server refuses", async () => {
    let refuse: (r: Response) => void = () => {};
    serve(STORY, (url, init) => {
      if (url === `/api/stories/${STORY.id}/like` && init?.method === "POST")
        return new Promise<Response>((resolve) => {
          refuse = resolve;
        });
      return json({}, 500);
    });
    renderReader();
    const like = await screen.findByTestId("reader-like");
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId("reader-like-count").textContent).toBe("4"));
    expect(like.getAttribute("aria-pressed")).toBe("true");
    refuse(json({ message: "nope" }, 500));
    await waitFor(() => expect(screen.getByTestId("reader-like-count").textContent).toBe("3"));
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Failed to toggle like",
      variant: "destructive",
    });
  });

  it("toasts 'Error' / 'Failed to toggle bookmark' when the toggle fails, and 'Login required' when signed out", async () => {
    serve(STORY, () => json({ message: "down" }, 500));
    renderReader();
    fireEvent.click(await screen.findByTestId("reader-bookmark"));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Error",
        description: "Failed to toggle bookmark",
        variant: "destructive",
      }),
    );
    cleanup();
    auth.user = null;
    renderReader();
    fireEvent.click(await screen.findByTestId("reader-bookmark"));
    expect(vi.mocked(toast).mock.calls.at(-1)?.[0].title).toBe("Login required");
  });
});
