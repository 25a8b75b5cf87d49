// @vitest-environment jsdom
// The series lorebook on the series page (fetch stubbed, per the contract): add, edit (changes by chapter, the enabled
// switch) and delete send the series' own routes; a server refusal shows under its field; the story's read-only
// series entries link to it.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import type { LoreEntryView, SeriesLoreAnswer, SeriesLoreView } from "../../../shared/schemas/lore";
import { createQueryClient } from "../../lib/query-client";
import { EDIT_IN_SERIES, SeriesEntries } from "../lore/SeriesEntries";
import { SeriesLorebook } from "./SeriesLorebook";

configure({ asyncUtilTimeout: 4000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const mika: LoreEntryView = {
  id: 11,
  kind: "character",
  name: "Mika Marlow",
  keys: ["Mika"],
  description: "Pip's older sister, a courier.",
  storyId: null,
  canonPackId: null,
  seriesId: 3,
  changes: [],
  enabled: true,
  updatedAt: "2026-11-26T00:00:00.000Z",
};
const answer: SeriesLoreAnswer = { entries: [mika], limits: { entries: 500 } };

function serve() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (method === "GET") return json(answer);
      if (method === "DELETE") return new Response(null, { status: 204 });
      if (body?.name === "Mika")
        return json({ error: "Conflict", message: "Taken", fields: { name: "The series already has Mika." } }, 409);
      return json({ ...mika, ...body, id: 12 }, method === "POST" ? 201 : 200);
    }),
  );
  return calls;
}

it("adds, edits and deletes a series' entries through the series' routes", async () => {
  const calls = serve();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SeriesLorebook seriesId={3} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText("Mika Marlow")).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Series lorebook" })).toBeTruthy();

  // Add: a name the server refuses shows under the field; then a good one is sent, with a change from chapter 2.
  fireEvent.click(screen.getByRole("button", { name: "Add entry" }));
  const add = screen.getByRole("form", { name: "New series entry" });
  fireEvent.change(within(add).getByRole("textbox", { name: "Name" }), { target: { value: "Mika" } });
  fireEvent.change(within(add).getByRole("textbox", { name: "Description" }), { target: { value: "A courier." } });
  fireEvent.click(within(add).getByRole("button", { name: "Add to series" }));
  expect(await within(add).findByText("The series already has Mika.")).toBeTruthy();
  fireEvent.change(within(add).getByRole("textbox", { name: "Name" }), { target: { value: "The Ferry" } });
  fireEvent.change(within(add).getByRole("combobox", { name: "Kind" }), { target: { value: "place" } });
  fireEvent.click(within(add).getByRole("button", { name: "Add a change" }));
  fireEvent.change(within(add).getByRole("textbox", { name: "Changes from chapter" }), { target: { value: "2" } });
  fireEvent.change(within(add).getByRole("textbox", { name: "Description from chapter 2" }), {
    target: { value: "Sunk in the storm." },
  });
  fireEvent.click(within(add).getByRole("button", { name: "Add to series" }));
  await waitFor(() => expect(screen.queryByRole("form", { name: "New series entry" })).toBeNull());
  expect(calls.filter((c) => c.method === "POST").at(-1)).toEqual({
    url: "/api/series/3/lore",
    method: "POST",
    body: {
      kind: "place",
      name: "The Ferry",
      keys: [],
      description: "A courier.",
      enabled: true,
      changes: [{ fromChapter: 2, description: "Sunk in the storm." }],
    },
  });

  // Edit: switched off, sent to the series' entry route.
  fireEvent.click(screen.getByRole("button", { name: "Edit Mika Marlow" }));
  const edit = screen.getByRole("form", { name: "Edit Mika Marlow" });
  fireEvent.click(within(edit).getByRole("checkbox", { name: "Marin uses this entry" }));
  fireEvent.click(within(edit).getByRole("button", { name: "Save entry" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
  expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
    url: "/api/series/3/lore/11",
    body: { name: "Mika Marlow", enabled: false },
  });

  // Delete asks first.
  await waitFor(() => expect(screen.queryByRole("form", { name: "Edit Mika Marlow" })).toBeNull());
  fireEvent.click(screen.getByRole("button", { name: "Delete Mika Marlow" }));
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  fireEvent.click(screen.getByRole("button", { name: "Delete Mika Marlow for good" }));
  await waitFor(() => expect(calls.find((c) => c.method === "DELETE")?.url).toBe("/api/series/3/lore/11"));
});

it("links a story's read-only series entries to their series", () => {
  const entry: SeriesLoreView = { ...mika, seriesTitle: "The Marlow Cycle", overridden: false };
  const onLeave = vi.fn();
  render(
    <SeriesEntries entries={[entry]} mentions={undefined} onLeave={onLeave}>
      {(e) => e.name}
    </SeriesEntries>,
  );
  const link = screen.getByRole("link", { name: EDIT_IN_SERIES });
  expect(link.getAttribute("href")).toBe("/dashboard/series/3#series-lore");
  fireEvent.click(link);
  expect(onLeave).toHaveBeenCalled();
});
