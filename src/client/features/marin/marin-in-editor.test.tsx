// @vitest-environment jsdom
// The pane driving a real TipTap editor through the real bridge (editor/ai-insertion.ts), against a scripted server:
// what the composer says it will do and its switch, "What Marin sees" after Marin writes, and Stop keeping the text.
import { QueryClientProvider } from "@tanstack/react-query";
import { Editor } from "@tiptap/core";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GenerateAnswer, MarinStatus } from "../../../shared/schemas/marin";
import type { StoryView } from "../../../shared/schemas/story";
import { TooltipProvider } from "../../components/ui/tooltip";
import { createQueryClient } from "../../lib/query-client";
import { createAiInsertion } from "../editor/ai-insertion";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "../editor/extensions";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
vi.mock("../auth/auth-context", () => ({ useAuth: () => ({ user: { id: 5, username: "kai", isPremium: false } }) }));
const { toast } = await import("../../components/ui/toaster");
const { AssistantPane } = await import("./AssistantPane");
const { CONTEXT_DEBOUNCE_MS } = await import("./queries");

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const encoder = new TextEncoder();
const FREE: MarinStatus = {
  model: "Offline storyteller",
  offline: true,
  showPromptCount: true,
  promptsLeft: 3,
  dailyLimit: 3,
};
const STORY = {
  id: 9,
  title: "Storm Road",
  content: "<p>Mia ran.</p>",
  createdAt: "2020-01-01T00:00:00.000Z",
  updatedAt: "2020-01-01T00:00:00.000Z",
} as unknown as StoryView;
const ANSWER: GenerateAnswer = {
  content: "<p>Rain fell on the harbour.</p>",
  text: "Rain fell on the harbour.",
  chapter: false,
  model: "Offline storyteller",
  generatedAt: "2026-11-22T10:00:00.000Z",
  showPromptCount: true,
  promptsLeft: 2,
};

/** A generation that streams `texts` and then keeps the connection open until it is aborted. */
function streamingUntilStopped(texts: string[]) {
  return (init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of texts)
          controller.enqueue(encoder.encode(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`));
        init.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  };
}

const wordsIn = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;

let requests: { key: string; body: Record<string, unknown> }[];
/** How the generation answers: the whole answer, or text that keeps streaming until Stop. */
let generation: (init: RequestInit) => Response;
function serve() {
  requests = [];
  generation = () => json(ANSWER);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      const body = init.body ? JSON.parse(String(init.body)) : {};
      requests.push({ key, body });
      if (key === "GET /api/marin") return json(FREE);
      if (key === `GET /api/stories/${STORY.id}/chat`) return json({ messages: [] });
      if (key === `POST /api/stories/${STORY.id}/chat`) return json({ message: { id: "s1", ...body } }, 201);
      // Like the server: the summary counts the words of the story the pane sent.
      if (key === "POST /api/marin/context")
        return json({ summary: `all ${wordsIn(body.storyContext.currentContent)} words`, text: "…" });
      if (key === "POST /api/chat-with-marin")
        return json({ response: "Sure.", model: "m", showPromptCount: true, promptsLeft: 2 });
      if (key === "POST /api/generate-content") return generation(init);
      return json({ message: "Not found" }, 404);
    }),
  );
}
const sentTo = (path: string) => requests.filter((r) => r.key === `POST ${path}`);

let editor: Editor;
let saves: number;
/** The pane starts once the stored conversation has been read. */
async function renderWithEditor(content = STORY.content) {
  editor = new Editor({ extensions: editorExtensions(), content, parseOptions: EDITOR_PARSE_OPTIONS });
  saves = 0;
  const bridge = createAiInsertion(editor, {
    markMarinInsertion: () => {},
    changed: () => {},
    save: async () => {
      saves++;
      return true;
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <AssistantPane story={{ ...STORY, content }} bridge={bridge} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole("textbox", { name: "Message Marin" });
}
const input = () => screen.getByRole("textbox", { name: "Message Marin" });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const routeLine = () => screen.getByTestId("marin-route");

Element.prototype.scrollIntoView = () => {};
beforeEach(() => {
  vi.mocked(toast).mockClear();
  localStorage.clear();
  serve();
});
afterEach(() => {
  cleanup();
  editor.destroy();
  vi.unstubAllGlobals();
});

describe("what sending will do", () => {
  it("says it as the writer types, and a question is answered in the chat", async () => {
    await renderWithEditor();
    expect(screen.queryByTestId("marin-route")).toBeNull();
    type("Continue the scene where they argue");
    expect(routeLine().textContent).toContain("Marin will write into your story");
    type("Should I write Pip as more sarcastic?");
    expect(routeLine().textContent).toContain("Marin will answer here");
    // The line is part of the input's description, so a screen reader hears it with the input.
    const described = input().getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain("Marin will answer here");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(await screen.findByText("Sure.")).toBeTruthy();
    expect(sentTo("/api/generate-content")).toEqual([]);
    expect(sentTo("/api/chat-with-marin")).toHaveLength(1);
    expect(editor.getHTML()).toBe("<p>Mia ran.</p>");
  });

  it("the switch overrides the guess for that message only", async () => {
    await renderWithEditor();
    type("Should I write Pip as more sarcastic?");
    fireEvent.click(screen.getByRole("button", { name: "Write into my story instead" }));
    expect(routeLine().textContent).toContain("Marin will write into your story");
    // Typing on keeps the writer's choice.
    type("Should I write Pip as more sarcastic? Show me.");
    expect(routeLine().textContent).toContain("Marin will write into your story");
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(editor.getHTML()).toContain("Rain fell on the harbour."));
    expect(sentTo("/api/generate-content")[0]!.body).toMatchObject({
      prompt: "Should I write Pip as more sarcastic? Show me.",
    });
    // The next message starts from the guess again.
    type("Write Pip's reply");
    expect(routeLine().textContent).toContain("Marin will write into your story");
    fireEvent.click(screen.getByRole("button", { name: "Answer here instead" }));
    expect(routeLine().textContent).toContain("Marin will answer here");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(await screen.findByText("Sure.")).toBeTruthy();
    expect(sentTo("/api/generate-content")).toHaveLength(1);
    expect(sentTo("/api/chat-with-marin")).toHaveLength(1);
  });
});

describe("What Marin sees", () => {
  const contextLine = () => screen.getByTestId("marin-context-line").textContent ?? "";

  it("counts the words Marin just wrote at once, without waiting for the typing pause", async () => {
    await renderWithEditor();
    await waitFor(() => expect(contextLine()).toContain("all 2 words"), { timeout: 3000 });
    type("write the rain");
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(editor.getHTML()).toContain("Rain fell on the harbour."));
    const committedAt = Date.now();
    await waitFor(() => expect(contextLine()).toContain("all 7 words"), { timeout: 3000 });
    // NOTE: the typing pause is CONTEXT_DEBOUNCE_MS (600 ms); an insertion is not typing.
    expect(Date.now() - committedAt).toBeLessThan(CONTEXT_DEBOUNCE_MS);
    await waitFor(() => expect(saves).toBe(1));
    // The pane's Undo too.
    fireEvent.click(screen.getByRole("button", { name: "Undo AI insertion" }));
    const undoneAt = Date.now();
    await waitFor(() => expect(contextLine()).toContain("all 2 words"), { timeout: 3000 });
    expect(Date.now() - undoneAt).toBeLessThan(CONTEXT_DEBOUNCE_MS);
  });
});

describe("Stop", () => {
  it("keeps the text written so far as Marin's, one undo step, saved", async () => {
    await renderWithEditor();
    generation = streamingUntilStopped(["Rain fell", " on the *harbour* and"]);
    type("write the rain");
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(editor.view.dom.querySelector(".ai-stream")?.textContent).toContain("harbour and"));
    expect(editor.getHTML()).toBe("<p>Mia ran.</p>");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Stop" })));
    await waitFor(() => expect(editor.getHTML()).toContain("Rain fell"));
    expect(editor.getHTML()).toMatch(
      /^<p>Mia ran\.<\/p><div class="generated-content" data-model="Offline storyteller" data-generated-at="[^"]+"><p>Rain fell on the <em>harbour<\/em> and<\/p><\/div>/,
    );
    expect(editor.view.dom.querySelector(".ai-stream")).toBeNull();
    expect(saves).toBe(1);
    expect(await screen.findByText("Stopped. Kept the 6 words written so far; Undo takes them out.")).toBeTruthy();
    editor.commands.undo();
    expect(editor.getHTML()).toBe("<p>Mia ran.</p>");
    expect(toast).not.toHaveBeenCalled();
  });
});
