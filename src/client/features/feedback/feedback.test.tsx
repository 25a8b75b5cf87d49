// @vitest-environment jsdom
// The author's Feedback panel (fetch stubbed, per the contract): the unseen count on the button and the dashboard
// card, newest first with 'Load more', opening marks them seen, and a reply posted with its parentId.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FeedbackItem, FeedbackPage } from "../../../shared/schemas/feedback";
import type { StoryListItem } from "../../../shared/schemas/story";
import { createQueryClient } from "../../lib/query-client";
import { StoryCard } from "../dashboard/StoryCard";
import { FeedbackButton } from "./FeedbackButton";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
// NOTE: the first render imports the whole view; on the shared 2-core machine that can take more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const item = (id: number, content: string, extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  content,
  createdAt: "2026-01-02T00:00:00.000Z",
  author: { id: id + 100, username: `user${id}` },
  parentId: null,
  byStoryAuthor: false,
  editedAt: null,
  deleted: false,
  canDelete: true,
  canEdit: false,
  replyTo: null,
  ...extra,
});

function serve(
  counts: { current: Record<string, number> },
  extra?: (url: string, init?: RequestInit) => Response | undefined,
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = extra?.(url, init);
      if (answer) return answer;
      if (url === "/api/feedback/unseen") return json({ counts: counts.current });
      if (url === "/api/stories/7/feedback/seen") {
        counts.current = {};
        return new Response(null, { status: 204 });
      }
      if (url === "/api/stories/7/feedback")
        return json({
          items: [item(12, "newest", { parentId: 5, replyTo: { username: "writer" } }), item(11, "older")],
          nextCursor: "11",
          unseen: 2,
        } satisfies FeedbackPage);
      if (url === "/api/stories/7/feedback?cursor=11")
        return json({ items: [item(10, "oldest")], nextCursor: null, unseen: 0 } satisfies FeedbackPage);
      return json({ message: `unexpected ${method} ${url}` }, 500);
    }),
  );
  return calls;
}

const renderWith = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Feedback panel", () => {
  it("shows the unseen count, lists newest first with 'Load more', and marks them seen on opening", async () => {
    const counts = { current: { "7": 2 } as Record<string, number> };
    const calls = serve(counts);
    renderWith(<FeedbackButton storyId="7" />);
    const button = await screen.findByRole("button", { name: "Feedback, 2 new comments" });
    expect(within(button).getByTestId("unseen-count").textContent).toBe("2");
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Feedback" });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId("comment-text")
          .map((p) => p.textContent),
      ).toEqual(["newest", "older"]),
    );
    expect(within(dialog).getByText("replying to writer")).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/stories/7/feedback/seen")).toMatchObject({
        method: "POST",
        body: { throughId: 12 },
      }),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Feedback", hidden: true })).toBeTruthy());
    fireEvent.click(within(dialog).getByRole("button", { name: "Load more" }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId("comment-text")
          .map((p) => p.textContent),
      ).toEqual(["newest", "older", "oldest"]),
    );
    expect(calls.filter((c) => c.url === "/api/stories/7/feedback/seen")).toHaveLength(1);
  });

  it("replies to a comment with its parentId and shows the reply", async () => {
    let replied = false;
    const calls = serve({ current: {} }, (url, init) => {
      if (url === "/api/stories/7/comments" && init?.method === "POST") {
        replied = true;
        return json(item(13, "Thank you", { parentId: 11, byStoryAuthor: true }), 201);
      }
      if (url === "/api/stories/7/feedback" && replied)
        return json({
          items: [
            item(13, "Thank you", { parentId: 11, byStoryAuthor: true, replyTo: { username: "user11" } }),
            item(11, "older"),
          ],
          nextCursor: null,
          unseen: 0,
        } satisfies FeedbackPage);
    });
    renderWith(<FeedbackButton storyId="7" />);
    fireEvent.click(await screen.findByRole("button", { name: "Feedback" }));
    const dialog = await screen.findByRole("dialog", { name: "Feedback" });
    const older = (await within(dialog).findByText("older")).closest("article")!;
    fireEvent.click(within(older).getByRole("button", { name: "Reply" }));
    fireEvent.change(within(older).getByRole("textbox", { name: "Your reply" }), { target: { value: "Thank you" } });
    fireEvent.click(within(older).getByRole("button", { name: "Post reply" }));
    await waitFor(() => expect(within(dialog).getAllByTestId("comment-text")[0]?.textContent).toBe("Thank you"));
    const reply = within(dialog).getAllByTestId("comment")[0]!;
    expect(within(reply).getByText("Author")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/stories/7/comments")?.body).toEqual({
      content: "Thank you",
      parentId: 11,
    });
  });
});

describe("the dashboard card", () => {
  const story = {
    id: 7,
    title: "Storm Road",
    coverImage: null,
    updatedAt: "2026-01-01T00:00:00.000Z",
    published: true,
  };
  it("shows how many comments the author has not seen, and nothing when none", async () => {
    serve({ current: { "7": 3 } });
    renderWith(<StoryCard story={story as StoryListItem} onDelete={() => {}} />);
    expect((await screen.findByTestId("card-unseen")).textContent).toBe("3 new comments");
    cleanup();
    serve({ current: {} });
    renderWith(<StoryCard story={story as StoryListItem} onDelete={() => {}} />);
    await waitFor(() => expect(screen.getByText("Storm Road")).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("card-unseen")).toBeNull();
  });
});
