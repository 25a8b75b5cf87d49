// @vitest-environment jsdom
// The client's collection logic (issue 33): the create form's validation messages (the name rule locally, a taken
// name from the server at its field), and the publish dialog's names and answers.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { COLLECTION_NAME_RULE, COLLECTION_NAME_TAKEN } from "../../../shared/schemas/collections";
import { createQueryClient } from "../../lib/query-client";
import { addToCollections, checkCollectionNames, parseCollectionNames } from "./add-to-collections";
import { CreateCollectionForm } from "./CollectionsView";

configure({ asyncUtilTimeout: 4000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderForm() {
  const { hook } = memoryLocation({ path: "/dashboard/collections" });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <CreateCollectionForm />
      </Router>
    </QueryClientProvider>,
  );
}

it("shows the name rule before sending, and a taken name at the name field", async () => {
  const fetch = vi.fn(async () =>
    json({ message: COLLECTION_NAME_TAKEN, fields: { name: COLLECTION_NAME_TAKEN } }, 409),
  );
  vi.stubGlobal("fetch", fetch);
  renderForm();
  fireEvent.change(screen.getByLabelText("URL name"), { target: { value: "Bad Name" } });
  fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Winter" } });
  fireEvent.click(screen.getByRole("button", { name: /Create collection/ }));
  expect(await screen.findByText(COLLECTION_NAME_RULE)).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText("URL name"), { target: { value: "winter_fest" } });
  fireEvent.click(screen.getByRole("button", { name: /Create collection/ }));
  expect(await screen.findByText(COLLECTION_NAME_TAKEN)).toBeTruthy();
  expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({
    name: "winter_fest",
    title: "Winter",
    open: true,
  });
});

it("reads the publish dialog's names and words each answer", async () => {
  expect(parseCollectionNames(" Yuletide_2026, /c/kinktober  yuletide_2026 ")).toEqual(["yuletide_2026", "kinktober"]);
  expect(checkCollectionNames(["ok_name"])).toBeNull();
  expect(checkCollectionNames(["no"])).toContain("“no”");
  const answers: Record<string, Response> = {
    "/api/collections/open_one/items": json({ storyId: 5, state: "approved" }, 201),
    "/api/collections/queued/items": json({ storyId: 5, state: "pending" }, 201),
    "/api/collections/shut/items": json({ message: "This collection is closed" }, 403),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => answers[url]!),
  );
  await waitFor(async () =>
    expect(await addToCollections(["open_one", "queued", "shut"], 5)).toEqual([
      { name: "open_one", ok: true, text: "added" },
      { name: "queued", ok: true, text: "waiting for approval" },
      { name: "shut", ok: false, text: "This collection is closed" },
    ]),
  );
});
