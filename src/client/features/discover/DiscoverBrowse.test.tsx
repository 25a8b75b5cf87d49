// @vitest-environment jsdom
// The browse page: filters live in the URL (shareable, back-buttonable), pages load on 'Load more', a failure
// offers a retry.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DiscoverBrowse } from "./DiscoverBrowse";
import { fakeApi, renderWithClient, story } from "../../test/discover";

const auth = vi.hoisted(() => ({ isPremium: false }));
vi.mock("../auth/auth-context", () => ({ useAuth: () => ({ user: { username: "kai", isPremium: auth.isPremium } }) }));

beforeEach(() => {
  auth.isPremium = false;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 30 stories in pages of 24, each title carrying the query it was found with. */
function library() {
  return fakeApi((url) => {
    const start = Number(url.searchParams.get("cursor") ?? 0);
    const end = Math.min(start + 24, 30);
    const q = url.searchParams.get("q") ?? "";
    const items = Array.from({ length: end - start }, (_, i) =>
      story(start + i + 1, { title: `${q}#${start + i + 1}` }),
    );
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (end < 30) headers["x-next-cursor"] = String(end);
    return new Response(JSON.stringify(items), { headers });
  });
}

describe("/dashboard/discover", () => {
  it("starts from the filters in a shared link", async () => {
    window.history.replaceState(null, "", "/dashboard/discover?tag=Anime&sort=featured&fandom=Star+Wars");
    const urls = library();
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("#1");
    expect(urls[0]?.searchParams.toString()).toBe("limit=24&tag=Anime&fandom=Star+Wars&sort=featured&language=en");
    expect(screen.getByRole("list", { name: "Include tags" }).textContent).toBe("Anime");
    expect((screen.getByLabelText("Sort") as HTMLSelectElement).value).toBe("featured");
    expect(screen.getByRole("button", { name: "Remove Star Wars" })).toBeTruthy();
  });

  it("puts a debounced search into the URL, and the back button takes it out again", async () => {
    window.history.replaceState(null, "", "/dashboard/discover");
    const urls = library();
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("#1");
    const box = screen.getByLabelText("Search stories") as HTMLInputElement;
    fireEvent.change(box, { target: { value: "e" } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    fireEvent.change(box, { target: { value: "elf" } });
    expect(await screen.findByText("elf#1")).toBeTruthy();
    expect(window.location.search).toBe("?q=elf");
    // Debounced: no request for the half-typed "e".
    expect(urls.map((u) => u.searchParams.get("q"))).toEqual([null, "elf"]);

    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "for-you" } });
    await waitFor(() => expect(window.location.search).toBe("?q=elf&sort=for-you"));

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe("?q=elf"));
    act(() => window.history.back());
    await waitFor(() => expect(box.value).toBe(""));
    expect(await screen.findByText("#1")).toBeTruthy();
  });

  it("loads the next page with 'Load more' and ends there", async () => {
    window.history.replaceState(null, "", "/dashboard/discover");
    const urls = library();
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("#24");
    expect(screen.getAllByTestId("discover-story")).toHaveLength(24);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("#30");
    expect(screen.getAllByTestId("discover-story")).toHaveLength(30);
    expect(urls.at(-1)?.searchParams.get("cursor")).toBe("24");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("You've reached the end.")).toBeTruthy();
  });

  it("shows an error with a retry that works", async () => {
    window.history.replaceState(null, "", "/dashboard/discover");
    let fail = true;
    fakeApi(() =>
      fail ? new Response(JSON.stringify({ message: "Database is asleep" }), { status: 503 }) : [story(1)],
    );
    renderWithClient(<DiscoverBrowse />);
    const alert = await screen.findByTestId("discover-error");
    expect(alert.textContent).toContain("Database is asleep");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Story 1")).toBeTruthy();
  });

  it("says when nothing matches and clears the filters", async () => {
    window.history.replaceState(null, "", "/dashboard/discover?q=zzz&tag=Anime");
    fakeApi((url) => (url.searchParams.get("q") ? [] : [story(1)]));
    renderWithClient(<DiscoverBrowse />);
    expect(await screen.findByText("No stories match your search")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("Story 1")).toBeTruthy();
    // Issue 31: every work, in every language too (the browser's English was in force).
    expect(window.location.search).toBe("?language=all");
  });

  it("ignores ?nsfw=1 for a free user and honours it for a premium one", async () => {
    window.history.replaceState(null, "", "/dashboard/discover?nsfw=1");
    const urls = library();
    const first = renderWithClient(<DiscoverBrowse />);
    await screen.findByText("#1");
    expect(urls[0]?.searchParams.has("nsfw")).toBe(false);
    first.unmount();
    auth.isPremium = true;
    renderWithClient(<DiscoverBrowse />);
    await waitFor(() => expect(urls.at(-1)?.searchParams.get("nsfw")).toBe("1"));
    expect(screen.getByRole("switch", { name: "NSFW" }).getAttribute("aria-checked")).toBe("true");
  });
});
