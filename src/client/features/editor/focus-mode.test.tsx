// @vitest-environment jsdom
// Focus mode in the real editor page body (StoryEditor with TipTap) against a scripted server: the button and
// Ctrl+Shift+F enter it (assistant and sidebar hidden, header and toolbar giving way to the focus bar), each change
// is announced, Escape leaves (not while a dialog has it), and Ctrl+S still saves.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { StoryView } from "../../../shared/schemas/story";
import { TooltipProvider } from "../../components/ui/tooltip";
import { createQueryClient } from "../../lib/query-client";
import { FOCUS_ATTRIBUTE, FOCUS_OFF_TEXT, FOCUS_ON_TEXT } from "./use-focus-mode";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
vi.mock("../auth/auth-context", () => ({ useAuth: () => ({ user: { id: 5, username: "kai", isPremium: false } }) }));
const { StoryEditor } = await import("./StoryEditor");

const STORY: StoryView = {
  id: 11,
  title: "Storm Road",
  description: null,
  content: "<p>Mia ran.</p>",
  authorId: 5,
  published: false,
  createdAt: "2020-01-01T00:00:00.000Z",
  updatedAt: "2020-01-01T00:00:00.000Z",
  template: null,
  characters: null,
  setting: null,
  plotIdeas: null,
  moods: null,
  coverImage: null,
  fandoms: [],
  themes: [],
  tags: [],
  version: 1,
  rating: "general",
  contentRating: "general",
  warnings: [],
  relationships: [],
  characterTags: [],
  freeformTags: [],
  status: "in-progress",
  markedMature: false,
  wordCount: 2,
  aiShare: 0,
  readerBackground: null,
} as unknown as StoryView;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let saves: Record<string, unknown>[];

// jsdom does no layout; ProseMirror asks for rectangles when it scrolls the cursor into view.
Element.prototype.scrollIntoView = () => {};
const noRects = () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
Element.prototype.getClientRects = noRects;
beforeEach(() => {
  saves = [];
  localStorage.clear();
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      if (key === "GET /api/marin")
        return json({ model: "m", offline: true, showPromptCount: false, promptsLeft: null, dailyLimit: null });
      if (key === `GET /api/stories/${STORY.id}/chat`) return json({ messages: [] });
      if (key === "POST /api/marin/context") return json({ summary: "the story", text: "…" });
      if (key === `PATCH /api/stories/${STORY.id}`) {
        const body = JSON.parse(String(init.body));
        saves.push(body);
        return json({ ...STORY, ...body, version: STORY.version + saves.length });
      }
      return json({ message: "Not found" }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <StoryEditor story={STORY} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}
const assistant = () => document.querySelector<HTMLElement>('aside[aria-label="Assistant"]')!;
const inFocus = () => document.documentElement.hasAttribute(FOCUS_ATTRIBUTE);
const announced = () => screen.getByTestId("focus-mode-announcement").textContent;
const key = (init: KeyboardEventInit) => act(() => void fireEvent.keyDown(window, init));

it("enters by the button, hides the assistant and the sidebar, is announced, Escape leaves, and unmounting leaves", async () => {
  renderEditor();
  await screen.findByRole("textbox", { name: "Message Marin" }, { timeout: 5000 });
  expect(assistant().hidden).toBe(false);
  fireEvent.click(screen.getByRole("button", { name: "Focus mode" }));
  expect(inFocus()).toBe(true);
  expect(assistant().hidden).toBe(true);
  expect(screen.getByRole("region", { name: "Story editor" }).hasAttribute("data-focus-editor")).toBe(true);
  expect(screen.getByTestId("focus-mode-bar").textContent).toContain("Leave focus mode");
  expect(announced()).toBe(FOCUS_ON_TEXT);

  key({ key: "Escape" });
  expect(inFocus()).toBe(false);
  expect(assistant().hidden).toBe(false);
  expect(screen.queryByTestId("focus-mode-bar")).toBeNull();
  expect(announced()).toBe(FOCUS_OFF_TEXT);

  // The editor going away in focus mode leaves the rest of the app as it was.
  fireEvent.click(screen.getByRole("button", { name: "Focus mode" }));
  expect(inFocus()).toBe(true);
  cleanup();
  expect(inFocus()).toBe(false);
});

it("Ctrl+Shift+F enters and leaves; Ctrl+S still saves in focus mode; a dialog keeps its own Escape", async () => {
  renderEditor();
  await screen.findByRole("textbox", { name: "Message Marin" }, { timeout: 5000 });
  fireEvent.change(screen.getByRole("textbox", { name: "Story title" }), { target: { value: "Storm Road II" } });
  key({ key: "F", code: "KeyF", ctrlKey: true, shiftKey: true });
  expect(inFocus()).toBe(true);

  // Unsaved work, then Ctrl+S in focus mode: the save goes out as ever, and the bar shows its state.
  key({ key: "s", code: "KeyS", ctrlKey: true });
  await waitFor(() => expect(saves).toEqual([expect.objectContaining({ title: "Storm Road II" })]));
  await waitFor(() => expect(screen.getByTestId("focus-mode-bar").textContent).toContain("Saved"));
  expect(inFocus()).toBe(true);

  // An open dialog takes Escape for itself.
  const dialog = document.createElement("div");
  dialog.setAttribute("role", "dialog");
  document.body.append(dialog);
  key({ key: "Escape" });
  expect(inFocus()).toBe(true);
  dialog.remove();

  key({ key: "F", code: "KeyF", metaKey: true, shiftKey: true });
  expect(inFocus()).toBe(false);

  // Asking for the assistant (Ctrl+Alt+B) in focus mode leaves it, with the assistant shown.
  key({ key: "F", code: "KeyF", ctrlKey: true, shiftKey: true });
  key({ key: "∫", code: "KeyB", ctrlKey: true, altKey: true });
  expect(inFocus()).toBe(false);
  expect(assistant().hidden).toBe(false);
});
