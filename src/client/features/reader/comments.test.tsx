// @vitest-environment jsdom
// Comments under a story (fetch stubbed, per the contract): oldest first with 'Load more', the composer's counter
// and the server's refusal, a posted comment appended, deletion behind a confirmation. Also where the back link
// goes and the author of an unpublished story sent to the editor.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { CommentView, ReadStoryView } from "../../../shared/schemas/reading";
import { createQueryClient } from "../../lib/query-client";
import { UNTAGGED } from "../../../shared/tagging";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
// NOTE: the first render imports the whole view; on the shared 2-core machine that can take more than 1 s.
configure({ asyncUtilTimeout: 4000 });
const auth = { user: { id: 1, username: "reader" } as { id: number; username: string } | null };
vi.mock("../auth/auth-context", () => ({ useAuth: () => auth }));
const { ReaderView } = await import("./ReaderView");
const { backHref, FROM_BROWSE, readerState } = await import("./back-link");

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const STORY = {
  id: 7,
  title: "Storm Road",
  description: null,
  content: "<p>Mia ran.</p>",
  coverImage: null,
  authorId: 2,
  author: { username: "writer" },
  tags: [],
  fandoms: [],
  moods: null,
  rating: "general",
  ...UNTAGGED,
  likeCount: 0,
  commentCount: 3,
  liked: false,
  bookmarked: false,
  wordCount: 2,
  aiShare: 0,
  aiLabel: "none",
  publishedAt: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
  publicPath: "/s/7-storm-road",
  readerBackground: null,
  chapters: [],
  lastChapterAt: null,
} satisfies ReadStoryView;

const comment = (id: number, content: string, canDelete = false, extra: Partial<CommentView> = {}): CommentView => ({
  id,
  content,
  createdAt: "2026-01-02T00:00:00.000Z",
  author: { id: id + 100, username: `user${id}` },
  parentId: null,
  byStoryAuthor: false,
  editedAt: null,
  deleted: false,
  canDelete,
  canEdit: canDelete,
  ...extra,
});

type Route = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;
function serve(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = await route(url, init);
    if (answer) return answer;
    if (url === "/api/stories/7/read") return json(STORY);
    if (url === "/api/stories/7/bookmark") return json({ bookmarked: false });
    return json({ message: `unexpected ${url}` }, 500);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderReader() {
  const location = memoryLocation({ path: "/dashboard/story/7/read", record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <ReaderView id="7" />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const texts = () =>
  screen.queryAllByTestId("comment").map((li) => li.querySelector(":scope > [data-testid=comment-text]")?.textContent);

beforeEach(() => {
  auth.user = { id: 1, username: "reader" };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("comments", () => {
  it("lists them oldest first and 'Load more' appends the next page", async () => {
    const fetchMock = serve((url) => {
      if (url === "/api/stories/7/comments")
        return json({ items: [comment(1, "first"), comment(2, "second")], nextCursor: "c2", total: 3 });
      if (url === "/api/stories/7/comments?cursor=c2")
        return json({ items: [comment(3, "third")], nextCursor: null, total: 3 });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual(["first", "second"]));
    expect(screen.getByRole("heading", { name: /^Comments/ }).textContent).toBe("Comments (3)");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(texts()).toEqual(["first", "second", "third"]));
    expect(fetchMock).toHaveBeenCalledWith("/api/stories/7/comments?cursor=c2", expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("counts characters, shows the server's refusal, and appends a posted comment", async () => {
    let posts = 0;
    serve((url, init) => {
      if (url === "/api/stories/7/comments" && init?.method === "POST") {
        posts += 1;
        if (posts === 1) return json({ message: "Too many comments. Please wait a minute." }, 429);
        expect(JSON.parse(String(init.body))).toEqual({ content: "Loved it" });
        return json(comment(9, "Loved it", true), 201);
      }
      if (url === "/api/stories/7/comments") return json({ items: [comment(1, "first")], nextCursor: null, total: 1 });
    });
    renderReader();
    const box = await screen.findByRole("textbox", { name: "Add a comment" });
    const post = screen.getByRole("button", { name: "Post comment" });
    expect(screen.getByText("0/5000")).toBeTruthy();
    fireEvent.change(box, { target: { value: "   " } });
    expect(post).toHaveProperty("disabled", true);
    fireEvent.change(box, { target: { value: "  Loved it " } });
    expect(screen.getByText("11/5000")).toBeTruthy();
    fireEvent.click(post);
    expect((await screen.findByRole("alert")).textContent).toBe("Too many comments. Please wait a minute.");
    fireEvent.click(post);
    await waitFor(() => expect(texts()).toEqual(["first", "Loved it"]));
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("heading", { name: /^Comments/ }).textContent).toBe("Comments (2)");
  });

  it("nests replies three levels deep, flattens deeper ones, and badges the story's author", async () => {
    serve((url) => {
      if (url === "/api/stories/7/comments")
        return json({
          items: [
            comment(1, "top"),
            comment(2, "thanks", false, { parentId: 1, byStoryAuthor: true, editedAt: "2026-01-03T00:00:00.000Z" }),
            comment(3, "third level", false, { parentId: 2 }),
            comment(4, "fourth level", false, { parentId: 3 }),
            comment(5, "another top"),
          ],
          nextCursor: null,
          total: 5,
        });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual(["top", "thanks", "third level", "fourth level", "another top"]));
    const level = (text: string) => screen.getByText(text).closest("li")?.getAttribute("data-level");
    expect(["top", "thanks", "third level", "fourth level", "another top"].map(level)).toEqual([
      "1",
      "2",
      "3",
      "3",
      "1",
    ]);
    // The fourth level sits beside the third, inside the second, and says whom it answers.
    const second = screen.getByText("thanks").closest("li")!;
    expect(within(second).getByText("fourth level")).toBeTruthy();
    expect(screen.getByText("fourth level").closest("article")?.textContent).toContain("replying to user3");
    const byAuthor = screen.getByText("thanks").closest("article")!;
    expect(within(byAuthor).getByText("Author")).toBeTruthy();
    expect(within(byAuthor).getByText("(edited)")).toBeTruthy();
    expect(screen.getAllByText("Author")).toHaveLength(1);
  });

  it("posts a reply with its parentId and shows it under its parent", async () => {
    serve((url, init) => {
      if (url === "/api/stories/7/comments" && init?.method === "POST") {
        expect(JSON.parse(String(init.body))).toEqual({ content: "Me too", parentId: 1 });
        return json(comment(9, "Me too", true, { parentId: 1 }), 201);
      }
      if (url === "/api/stories/7/comments") return json({ items: [comment(1, "top")], nextCursor: null, total: 1 });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual(["top"]));
    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Your reply" }), { target: { value: " Me too " } });
    fireEvent.click(screen.getByRole("button", { name: "Post reply" }));
    await waitFor(() => expect(screen.getByText("Me too").closest("li")?.getAttribute("data-level")).toBe("2"));
    expect(screen.queryByRole("textbox", { name: "Your reply" })).toBeNull();
  });

  it("lets its author edit a comment, marked edited", async () => {
    serve((url, init) => {
      if (url === "/api/comments/2" && init?.method === "PATCH") {
        expect(JSON.parse(String(init.body))).toEqual({ content: "mine, better" });
        return json(comment(2, "mine, better", true, { editedAt: "2026-01-04T00:00:00.000Z" }));
      }
      if (url === "/api/stories/7/comments")
        return json({ items: [comment(1, "theirs"), comment(2, "mine", true)], nextCursor: null, total: 2 });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual(["theirs", "mine"]));
    expect(screen.getAllByRole("button", { name: "Edit" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Edit comment" });
    fireEvent.change(box, { target: { value: "" } });
    fireEvent.change(box, { target: { value: "mine, better" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(texts()).toEqual(["theirs", "mine, better"]));
    expect(screen.getByText("(edited)")).toBeTruthy();
  });

  it("leaves '[deleted]' in place of a deleted comment that has replies", async () => {
    serve((url, init) => {
      if (url === "/api/comments/1" && init?.method === "DELETE") return new Response(null, { status: 204 });
      if (url === "/api/stories/7/comments")
        return json({
          items: [comment(1, "mine", true), comment(2, "a reply", false, { parentId: 1 })],
          nextCursor: null,
          total: 2,
        });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual(["mine", "a reply"]));
    fireEvent.click(screen.getByRole("button", { name: "Delete comment" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByText("[deleted]")).toBeTruthy());
    expect(texts()).toEqual([undefined, "a reply"]);
    expect(screen.getByText("a reply").closest("li")?.getAttribute("data-level")).toBe("2");
    expect(screen.getByRole("heading", { name: /^Comments/ }).textContent).toBe("Comments (1)");
  });

  it("draws '[hidden]' for a comment hidden from the viewer, its replies nested under it, nothing to reply to", async () => {
    const hidden = { content: "", author: null, deleted: true, hidden: true } as const;
    serve((url) => {
      if (url === "/api/stories/7/comments")
        return json({
          items: [
            comment(1, "", false, hidden),
            comment(2, "second level", false, { parentId: 1 }),
            comment(3, "", false, { ...hidden, parentId: 2 }),
            comment(4, "under the third", false, { parentId: 3 }),
          ],
          nextCursor: null,
          total: 2,
        });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual([undefined, "second level", undefined, "under the third"]));
    expect(screen.getAllByText("[hidden]")).toHaveLength(2);
    expect(screen.queryByText("[deleted]")).toBeNull();
    expect(screen.getByText("second level").closest("li")?.getAttribute("data-level")).toBe("2");
    expect(screen.getByText("under the third").closest("article")?.textContent).toContain("replying to [hidden]");
    const placeholder = screen.getAllByText("[hidden]")[0]!.closest("article")!;
    // Only the replies inside it offer Reply: two of them, none for the placeholders.
    expect(within(placeholder).getAllByRole("button", { name: "Reply" })).toHaveLength(2);
  });

  it("deletes a comment only after the confirmation", async () => {
    const fetchMock = serve((url, init) => {
      if (url === "/api/comments/2" && init?.method === "DELETE") return new Response(null, { status: 204 });
      if (url === "/api/stories/7/comments")
        return json({ items: [comment(1, "theirs"), comment(2, "mine", true)], nextCursor: null, total: 2 });
    });
    renderReader();
    await waitFor(() => expect(texts()).toEqual(["theirs", "mine"]));
    const deletes = screen.getAllByRole("button", { name: "Delete comment" });
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]!);
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this comment?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/comments/2")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Delete comment" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(texts()).toEqual(["theirs"]));
  });
});

describe("around the reader", () => {
  it("goes back to the browse page when opened from there, else to the dashboard", () => {
    expect(backHref(FROM_BROWSE)).toBe("/dashboard/discover");
    expect(backHref(null)).toBe("/dashboard");
    expect(backHref({ from: "elsewhere" })).toBe("/dashboard");
    // With the browse page's filters (issue 17), and nothing that is not a query string.
    const state = readerState("/dashboard/discover", "exclude=Angst&sort=likes");
    expect(backHref(state)).toBe("/dashboard/discover?exclude=Angst&sort=likes");
    expect(readerState("/dashboard", "")).toBeUndefined();
    expect(backHref({ ...FROM_BROWSE, search: "//evil.example" })).toBe("/dashboard/discover");
  });

  it("sends the author of an unpublished story to the editor", async () => {
    serve((url) => {
      if (url === "/api/stories/7/read") return json({ message: "Story not found or not published" }, 404);
      if (url === "/api/stories") return json([{ id: 7, title: "Storm Road", coverImage: null, updatedAt: "" }]);
    });
    const location = renderReader();
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard/story/7"));
  });
});
