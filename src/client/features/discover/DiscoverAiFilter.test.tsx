// @vitest-environment jsdom
// Discover's AI filter: kept in the URL as `ai=`, the reader's preference shown in force when the URL says nothing,
// 'Make this my default' for a signed-in reader, and the line saying how many works the filter hid.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, fakePreferences, renderWithClient, story } from "../../test/discover";
import { activeFilters } from "./active-filters";
import { DiscoverBrowse } from "./DiscoverBrowse";
import { DEFAULT_FILTERS, filtersToParams, filtersToSearch, parseFilters } from "./filters";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const auth = vi.hoisted(() => ({ signedIn: true }));
vi.mock("../auth/auth-context", () => ({
  useAuth: () => ({ user: auth.signedIn ? { username: "kai", isPremium: false } : null }),
}));

beforeEach(() => {
  auth.signedIn = true;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Two works; `hidden` rides in the hidden-by-AI header when the list was filtered. */
function catalogue(hidden: string | null = null) {
  return fakeApi((url) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (hidden && url.searchParams.get("ai") !== "any") headers["x-hidden-by-ai"] = hidden;
    return new Response(JSON.stringify([story(1), story(2)]), { headers });
  }, fakePreferences.ai);
}

const openFilters = () => fireEvent.click(screen.getByTestId("filters-toggle"));
const aiChoice = (name: string) =>
  within(screen.getByRole("group", { name: "AI" })).getByRole("radio", { name }) as HTMLInputElement;

describe("the AI filter in the URL", () => {
  it("reads and writes ai=, and drops an unknown value", () => {
    expect(parseFilters("?ai=none").ai).toBe("none");
    expect(parseFilters("?ai=assisted").ai).toBe("assisted");
    expect(parseFilters("?ai=any").ai).toBe("any");
    expect(parseFilters("?ai=robots").ai).toBeNull();
    expect(filtersToSearch({ ...DEFAULT_FILTERS, ai: "any" })).toBe("?ai=any");
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe("");
    expect(filtersToParams({ ...DEFAULT_FILTERS, ai: "none" }, undefined, 24).ai).toBe("none");
    expect(filtersToParams(DEFAULT_FILTERS, undefined, 24).ai).toBeUndefined();
  });

  it("has a chip for the filter in force: the URL's, else the preference; removing it shows every work", () => {
    expect(activeFilters({ ...DEFAULT_FILTERS, ai: "none" })).toEqual([
      { id: "ai", label: "Only human-written", remove: { ai: null } },
    ]);
    expect(activeFilters(DEFAULT_FILTERS, "assisted")).toEqual([
      { id: "ai", label: "Hide AI-generated", remove: { ai: "any" } },
    ]);
    expect(activeFilters({ ...DEFAULT_FILTERS, ai: "any" }, "none")).toEqual([]);
  });
});

describe("Discover's AI filter", () => {
  it("puts the choice in the URL and the request, with a removable chip", async () => {
    window.history.replaceState(null, "", "/dashboard/discover");
    fakePreferences.ai = "any";
    const urls = catalogue();
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("Story 1");
    openFilters();
    expect(aiChoice("Show all works").checked).toBe(true);
    fireEvent.click(aiChoice("Only human-written works"));
    await waitFor(() => expect(window.location.search).toBe("?ai=none"));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get("ai")).toBe("none"));
    expect(screen.getByTestId("filters-toggle").textContent).toBe("Filters (1)");
    fireEvent.click(screen.getByRole("button", { name: "Remove filter Only human-written" }));
    await waitFor(() => expect(window.location.search).toBe(""));
  });

  it("shows the reader's preference in force when the URL says nothing (the server applies it)", async () => {
    window.history.replaceState(null, "", "/dashboard/discover");
    fakePreferences.ai = "none";
    const urls = catalogue();
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("Story 1");
    await screen.findByRole("button", { name: "Remove filter Only human-written" });
    expect(urls[0]?.searchParams.has("ai")).toBe(false);
    openFilters();
    expect(aiChoice("Only human-written works").checked).toBe(true);
    // Removing the preference's chip asks for every work, over the preference.
    fireEvent.click(screen.getByRole("button", { name: "Remove filter Only human-written" }));
    await waitFor(() => expect(window.location.search).toBe("?ai=any"));
    expect(aiChoice("Show all works").checked).toBe(true);
  });

  it("offers 'Make this my default' when the URL's filter differs from the preference, and saves it", async () => {
    window.history.replaceState(null, "", "/dashboard/discover?ai=assisted");
    fakePreferences.ai = "any";
    catalogue();
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("Story 1");
    fireEvent.click(await screen.findByRole("button", { name: "Make this my default" }));
    await waitFor(() => expect(fakePreferences.puts).toEqual([{ ai: "assisted" }]));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Make this my default" })).toBeNull());
  });

  it("offers no default to a signed-out visitor, and asks for no preference", async () => {
    auth.signedIn = false;
    window.history.replaceState(null, "", "/dashboard/discover?ai=none");
    const fetchSpy = vi.fn();
    catalogue();
    const stubbed = globalThis.fetch;
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) => {
      fetchSpy(input);
      return stubbed(input, init);
    });
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("Story 1");
    expect(screen.getByRole("button", { name: "Remove filter Only human-written" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Make this my default" })).toBeNull();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes("reading-preferences"))).toBe(false);
  });

  it("says how many works the filter hid, and 'show' lists them all", async () => {
    window.history.replaceState(null, "", "/dashboard/discover?ai=none");
    fakePreferences.ai = "any";
    const urls = catalogue("12");
    renderWithClient(<DiscoverBrowse />);
    const line = await screen.findByTestId("hidden-by-ai");
    expect(line.textContent).toBe("12 works hidden by your AI filter — show");
    fireEvent.click(within(line).getByRole("button", { name: "show" }));
    await waitFor(() => expect(window.location.search).toBe("?ai=any"));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get("ai")).toBe("any"));
    await waitFor(() => expect(screen.queryByTestId("hidden-by-ai")).toBeNull());
  });

  it("says '1 work hidden' for one, and nothing when none were hidden", async () => {
    window.history.replaceState(null, "", "/dashboard/discover?ai=assisted");
    catalogue("1");
    renderWithClient(<DiscoverBrowse />);
    expect((await screen.findByTestId("hidden-by-ai")).textContent).toBe("1 work hidden by your AI filter — show");
    cleanup();
    catalogue(null);
    renderWithClient(<DiscoverBrowse />);
    await screen.findByText("Story 1");
    expect(screen.queryByTestId("hidden-by-ai")).toBeNull();
  });
});
