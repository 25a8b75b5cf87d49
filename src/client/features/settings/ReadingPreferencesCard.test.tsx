// @vitest-environment jsdom
// Settings' 'Reading': the AI filter preference is read, saved on change with a confirmation, and a refusal says so.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithClient } from "../../test/discover";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const { toast } = await import("../../components/ui/toaster");
const { ReadingPreferencesCard } = await import("./ReadingPreferencesCard");

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let stored: { ai: string };
let puts: unknown[];
let refuse = false;
beforeEach(() => {
  stored = { ai: "assisted" };
  puts = [];
  refuse = false;
  vi.mocked(toast).mockClear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url !== "/api/me/reading-preferences") return json({ message: "Not found" }, 404);
      if (init.method === "PUT") {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        if (refuse)
          return json({ message: "Couldn't save", fields: { ai: "ai must be one of any, assisted, none" } }, 400);
        stored = body;
      }
      return json(stored);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const radio = (name: string) => screen.getByRole("radio", { name }) as HTMLInputElement;

describe("Settings' Reading section", () => {
  it("shows the stored preference among the three choices", async () => {
    renderWithClient(<ReadingPreferencesCard />);
    expect(screen.getByRole("heading", { name: "Reading" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "AI-written works" })).toBeTruthy();
    await waitFor(() => expect(radio("Hide AI-generated works").checked).toBe(true));
    expect(radio("Show all works").checked).toBe(false);
    expect(radio("Only human-written works").checked).toBe(false);
  });

  it("saves a choice with PUT, confirms it, and shows it when read again", async () => {
    const { client } = renderWithClient(<ReadingPreferencesCard />);
    await waitFor(() => expect(radio("Hide AI-generated works").checked).toBe(true));
    fireEvent.click(radio("Only human-written works"));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Reading preferences saved" }));
    expect(puts).toEqual([{ ai: "none" }]);
    expect(stored).toEqual({ ai: "none" });
    expect(radio("Only human-written works").checked).toBe(true);
    // Read again from the server: the round trip holds.
    await client.invalidateQueries();
    cleanup();
    renderWithClient(<ReadingPreferencesCard />);
    await waitFor(() => expect(radio("Only human-written works").checked).toBe(true));
  });

  it("says so when the save is refused, and goes back to the stored choice", async () => {
    refuse = true;
    renderWithClient(<ReadingPreferencesCard />);
    await waitFor(() => expect(radio("Hide AI-generated works").checked).toBe(true));
    fireEvent.click(radio("Show all works"));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Couldn't save", variant: "destructive" }));
    await waitFor(() => expect(radio("Hide AI-generated works").checked).toBe(true));
  });
});
