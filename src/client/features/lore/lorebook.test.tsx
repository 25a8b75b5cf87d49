// @vitest-environment jsdom
// The Lorebook panel (fetch stubbed, per the contract): Marin's proposals accepted as they are, edited first, or
// dismissed; a key the schema refuses is explained before anything is sent.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { LORE_MESSAGES, type StoryLoreAnswer } from "../../../shared/schemas/lore";
import { createQueryClient } from "../../lib/query-client";
import { LorebookPanel } from "./LorebookPanel";

configure({ asyncUtilTimeout: 4000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function serve(answer: StoryLoreAnswer) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "GET") return json(answer);
      if (url.endsWith("/dismiss")) return new Response(null, { status: 204 });
      return json({ id: 1, storyId: 7, canonPackId: null, updatedAt: "2026-11-26T00:00:00.000Z" }, 201);
    }),
  );
  return calls;
}

const pip = { name: "Pip Marlow", kind: "character" as const, keys: ["Pip"], description: "Thief, sister of Mika." };
const answer: StoryLoreAnswer = {
  entries: [],
  canon: [],
  series: [],
  proposals: [pip, { ...pip, name: "Corvin Ash", keys: ["Corvin"], description: "Rival of Ren." }],
  limits: { entries: 500 },
};

function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LorebookPanel storyId={7} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

it("accepts a proposal as it is, or edited, and dismisses another; nothing is added unseen", async () => {
  const calls = serve(answer);
  open();
  expect(await screen.findByText("Marin noticed")).toBeTruthy();
  expect(calls.filter((c) => c.method !== "GET")).toEqual([]);

  fireEvent.click(screen.getByRole("button", { name: "Accept Pip Marlow" }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/stories/7/lore",
      body: { ...pip, proposal: "Pip Marlow" },
    }),
  );

  fireEvent.click(screen.getByRole("button", { name: "Dismiss Corvin Ash" }));
  await waitFor(() =>
    expect(calls.some((c) => c.url === "/api/stories/7/lore/proposals/dismiss" && c.body)).toBe(true),
  );
  expect(calls.find((c) => c.url.endsWith("/dismiss"))?.body).toEqual({ name: "Corvin Ash" });

  // Edit fills the form; a one-letter key is explained before anything is sent.
  fireEvent.click(screen.getByRole("button", { name: "Edit Corvin Ash" }));
  const form = screen.getByRole("button", { name: "Add to lorebook" }).closest("form")!;
  expect((within(form).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Corvin Ash");
  expect(within(form).getByText("13/1000")).toBeTruthy();
  fireEvent.change(within(form).getByRole("textbox", { name: "Keys" }), { target: { value: "C" } });
  const posts = calls.filter((c) => c.method === "POST").length;
  fireEvent.click(within(form).getByRole("button", { name: "Add to lorebook" }));
  expect(await within(form).findByText(LORE_MESSAGES.keyTooShort)).toBeTruthy();
  expect(calls.filter((c) => c.method === "POST")).toHaveLength(posts);

  fireEvent.change(within(form).getByRole("textbox", { name: "Keys" }), { target: { value: "Corvin, the Crow" } });
  fireEvent.click(within(form).getByRole("button", { name: "Add to lorebook" }));
  await waitFor(() =>
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toMatchObject({
      name: "Corvin Ash",
      keys: ["Corvin", "the Crow"],
      proposal: "Corvin Ash",
    }),
  );
});

it("tells a free writer what Plus adds instead of proposals", async () => {
  serve({ ...answer, proposals: null });
  open();
  expect(await screen.findByText(/With FicForge Plus, Marin's story memory proposes entries/)).toBeTruthy();
  expect(screen.queryByText("Marin noticed")).toBeNull();
});
