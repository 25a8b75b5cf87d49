// @vitest-environment jsdom
// Issue 16: Delete on a published story's card says in place that it must be unpublished first and offers
// Unpublish; once private, the same dialog deletes it. A refusal the card did not foresee lands in the same place.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoryListItem } from "../../../shared/schemas/story";
import { renderWithClient } from "../../test/discover";
import { DeleteStoryDialog, MUST_UNPUBLISH_TITLE } from "./DeleteStoryDialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (published: boolean): StoryListItem => ({
  id: 5,
  title: "Tidewatch",
  coverImage: null,
  updatedAt: "2026-11-01T00:00:00.000Z",
  published,
});

/** Records "METHOD /path" per request; `answer` gives the status and JSON body. */
function fakeServer(answer: (call: string) => [number, unknown]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = `${init?.method ?? "GET"} ${new URL(input, "http://localhost").pathname}`;
      calls.push(call);
      const [status, body] = answer(call);
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}

const writes = (calls: string[]) => calls.filter((call) => !call.startsWith("GET"));

describe("DeleteStoryDialog", () => {
  it("for a published story, says it must be unpublished first, unpublishes, then deletes", async () => {
    const calls = fakeServer((call) =>
      call === "POST /api/stories/5/unpublish"
        ? [200, { ...card(false) }]
        : call.startsWith("DELETE")
          ? [204, null]
          : [200, []],
    );
    const onClose = vi.fn();
    renderWithClient(<DeleteStoryDialog story={card(true)} onClose={onClose} />);

    const dialog = screen.getByRole("alertdialog", { name: MUST_UNPUBLISH_TITLE });
    expect(dialog.textContent).toContain("a published story can't be deleted");
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Unpublish" }));
    await screen.findByRole("alertdialog", { name: "Delete this story?" });
    expect(writes(calls)).toEqual(["POST /api/stories/5/unpublish"]);

    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual(["POST /api/stories/5/unpublish", "DELETE /api/stories/5"]);
  });

  it("when the server refuses a draft card's delete as published, offers Unpublish in place", async () => {
    fakeServer((call) =>
      call.startsWith("DELETE")
        ? [409, { message: "Unpublish the story before deleting it", code: "STORY_PUBLISHED" }]
        : [200, []],
    );
    const onClose = vi.fn();
    renderWithClient(<DeleteStoryDialog story={card(false)} onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alertdialog", { name: MUST_UNPUBLISH_TITLE })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unpublish" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
