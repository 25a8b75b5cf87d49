// @vitest-environment jsdom
// The pane's state against a scripted server (fetch answering with real SSE bodies) and a recording editor bridge:
// the automatic opening scene, routing, streaming into the editor and the chat, Stop, failures and the daily limit.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAILY_LIMIT_MESSAGE, type MarinStatus, OPENING_SCENE_PROMPT } from "../../../shared/schemas/marin";
import type { StoryView } from "../../../shared/schemas/story";
import { createQueryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import type { EditorBridge } from "./editor-bridge";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const { toast } = await import("../../components/ui/toaster");
const { useMarin } = await import("./use-marin");
const { FAILURE_TITLES } = await import("./generation-runs");
const { OPTIONS_RESET_NOTE } = await import("./use-marin");

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** An SSE answer; `hold` keeps it open (until the request is aborted). */
function sse(frames: string[], signal?: AbortSignal | null, hold = false) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const f of frames) controller.enqueue(encoder.encode(f));
      if (!hold) controller.close();
      signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

const FREE: MarinStatus = {
  model: "Offline storyteller",
  offline: true,
  showPromptCount: true,
  promptsLeft: 3,
  dailyLimit: 3,
};
const GENERATED = {
  content: "<p>Rain fell.</p>",
  text: "Rain fell on the harbour.",
  chapter: false,
  model: "Offline storyteller",
  generatedAt: "2026-11-22T10:00:00.000Z",
  showPromptCount: true,
  promptsLeft: 2,
};

type Route = (init: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Route>;
let requests: { key: string; body: Record<string, unknown> }[];

function serve(extra: Record<string, Route>) {
  routes = {
    "GET /api/marin": () => json(FREE),
    "POST /api/stories/7/chat": (init) =>
      json({ message: { id: "s9", note: false, ...JSON.parse(String(init.body)) } }, 201),
    ...extra,
  };
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      requests.push({ key, body: init.body ? JSON.parse(String(init.body)) : {} });
      const route = routes[key];
      return route ? route(init) : json({ message: "Not found" }, 404);
    }),
  );
}
const aiRequests = () => requests.filter((r) => r.key.startsWith("POST /api/") && !r.key.endsWith("/chat"));
/** The turns the pane asked the server to keep, in order. */
const keptTurns = () =>
  requests.filter((r) => r.key === "POST /api/stories/7/chat").map((r) => [r.body.role, r.body.content]);

function fakeBridge(empty: boolean) {
  const log: string[] = [];
  let last: { generatedAt: string } | null = null;
  const bridge: EditorBridge = {
    currentContent: () => (empty ? "" : "<p>Mia ran.</p>"),
    isEmpty: () => empty,
    selectedText: () => "Mia ran.",
    textBeforeCursor: () => "Mia ran.",
    begin(place) {
      log.push(`begin ${place}`);
      return {
        update: (text) => log.push(`update ${text}`),
        commit: (answer) => {
          log.push(`commit ${answer.text}`);
          last = { generatedAt: answer.generatedAt };
        },
        cancel: () => log.push("cancel"),
      };
    },
    lastInsertion: () => last,
    undoLastInsertion: () => {
      const had = last !== null;
      last = null;
      return had;
    },
    swapInsertion: (shownAt, next) => {
      log.push(`swap ${shownAt} ${next.text}`);
      return true;
    },
    onTextChange: () => () => {},
    subscribe: () => () => {},
  };
  return { bridge, log };
}

const STORY = {
  id: 7,
  title: "Storm Road",
  content: "",
  createdAt: "2020-01-01T00:00:00.000Z",
  updatedAt: "2020-01-01T00:00:00.000Z",
  characters: { lead: ["hero"] },
  setting: "A harbour town",
} as unknown as StoryView;

function setup(
  bridge: EditorBridge | null,
  story: StoryView = STORY,
  reactStrictMode = false,
  options?: Parameters<typeof useMarin>[2],
  stored?: Parameters<typeof useMarin>[3],
) {
  const queryClient = createQueryClient();
  // The status is cached after the first story the writer opened.
  if (reactStrictMode) queryClient.setQueryData(queryKeys.marinStatus, FREE);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook((props: { bridge: EditorBridge | null }) => useMarin(story, props.bridge, options, stored), {
    wrapper,
    initialProps: { bridge },
    reactStrictMode,
  });
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the opening", () => {
  it("asks for the opening scene once for an empty story without a chat, streaming it into the editor", async () => {
    serve({
      "POST /api/generate-content": (init) =>
        sse(
          [
            frame("delta", { text: "Rain fell" }),
            frame("delta", { text: " on the harbour." }),
            frame("done", GENERATED),
          ],
          init.signal,
        ),
    });
    const { bridge, log } = fakeBridge(true);
    const { result, rerender } = setup(bridge);
    expect(result.current.messages[0]!.content).toMatch(/^Hi, I'm Marin/);
    await waitFor(() => expect(result.current.busy).toBeNull());
    await waitFor(() => expect(log.at(-1)).toBe("commit Rain fell on the harbour."));
    expect(log).toEqual([
      "begin append",
      "update Rain fell",
      "update Rain fell on the harbour.",
      "commit Rain fell on the harbour.",
    ]);
    expect(aiRequests()).toHaveLength(1);
    expect(aiRequests()[0]!.body).toMatchObject({
      prompt: OPENING_SCENE_PROMPT,
      isAutoGenerated: true,
      action: "write",
      storyId: 7,
      storyContext: { title: "Storm Road", setting: "A harbour town" },
    });
    expect(result.current.limit.counter).toBe("2 of 3 prompts left today");
    expect(result.current.messages.at(-1)!.content).toMatch(/^Here's your opening scene/);
    // A new bridge (the editor re-created) does not ask again.
    rerender({ bridge: fakeBridge(true).bridge });
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(aiRequests()).toHaveLength(1);
  });

  it("survives StrictMode's trial unmount, and a real unmount stops the request", async () => {
    serve({
      "POST /api/generate-content": (init) =>
        init.body && JSON.parse(String(init.body)).isAutoGenerated
          ? sse([frame("delta", { text: "Rain" })], init.signal, true)
          : json({}),
    });
    const { bridge, log } = fakeBridge(true);
    const { unmount } = setup(bridge, STORY, true);
    await waitFor(() => expect(log).toContain("update Rain"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).not.toContain("cancel");
    unmount();
    await waitFor(() => expect(log.at(-1)).toBe("cancel"));
    expect(aiRequests()).toHaveLength(1);
  });

  it("restores the stored conversation in its order with an older browser's notes among it, and asks for nothing", async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();
    const older = { id: "old", role: "assistant", content: "Older note.", timestamp: at(0), local: true };
    localStorage.setItem("marin-chat:7", JSON.stringify([older]));
    serve({});
    const stored = [
      { id: "s1", role: "user" as const, content: "Write a storm", note: false, timestamp: at(1) },
      { id: "s2", role: "assistant" as const, content: "Added 5 words.", note: true, timestamp: at(1) },
      { id: "s3", role: "assistant" as const, content: "The lead.", note: false, timestamp: at(3) },
    ];
    const { result } = setup(fakeBridge(true).bridge, STORY, false, undefined, stored);
    await waitFor(() => expect(result.current.status).not.toBeNull());
    expect(result.current.messages.map((m) => [m.content, m.note ?? false])).toEqual([
      ["Older note.", true],
      ["Write a storm", false],
      ["Added 5 words.", true],
      ["The lead.", false],
    ]);
    expect(aiRequests()).toEqual([]);
    expect(keptTurns()).toEqual([]);
  });

  it("'Clear chat' deletes the stored conversation and the notes; a refusal keeps them and says so", async () => {
    let refuse = true;
    serve({
      "DELETE /api/stories/7/chat": () =>
        refuse ? json({ message: "Service unavailable" }, 503) : new Response(null, { status: 204 }),
    });
    localStorage.setItem("marin-chat:7", "[]");
    const stored = [
      { id: "s1", role: "user" as const, content: "Who is Mia?", note: false, timestamp: new Date().toISOString() },
    ];
    const { result } = setup(fakeBridge(false).bridge, STORY, false, undefined, stored);
    await waitFor(() => expect(result.current.status).not.toBeNull());
    await act(async () => expect(await result.current.clear()).toBe(false));
    expect(result.current.messages.map((m) => m.content)).toEqual(["Who is Mia?"]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Couldn't clear the chat" }));
    refuse = false;
    await act(async () => expect(await result.current.clear()).toBe(true));
    expect(result.current.messages).toEqual([]);
    expect(localStorage.getItem("marin-chat:7")).toBeNull();
  });

  it("welcomes back to a story with content and generates nothing", async () => {
    serve({});
    const { result } = setup(fakeBridge(false).bridge, { ...STORY, content: "<p>Mia ran.</p>" });
    await waitFor(() => expect(result.current.status).not.toBeNull());
    expect(result.current.messages.map((m) => m.content)).toEqual([
      expect.stringMatching(/^Welcome back to “Storm Road”/),
    ]);
    expect(aiRequests()).toEqual([]);
  });
});

describe("sending", () => {
  async function ready(extra: Record<string, Route>, status: MarinStatus = FREE) {
    serve({ "GET /api/marin": () => json(status), ...extra });
    const editor = fakeBridge(false);
    const hook = setup(editor.bridge, { ...STORY, content: "<p>Mia ran.</p>" });
    await waitFor(() => expect(hook.result.current.status).not.toBeNull());
    return { ...hook, log: editor.log };
  }

  it("streams a chat reply into Marin's bubble, sending the history without local greetings", async () => {
    const { result } = await ready({
      "POST /api/chat-with-marin": (init) =>
        sse(
          [
            frame("delta", { text: "She could " }),
            frame("delta", { text: "hide." }),
            frame("done", { response: "She could hide.", model: "m", showPromptCount: true, promptsLeft: 1 }),
          ],
          init.signal,
        ),
    });
    act(() => {
      expect(result.current.send("What should Mia do next?")).toBe(true);
    });
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(result.current.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ["user", "What should Mia do next?"],
      ["assistant", "She could hide."],
    ]);
    expect(aiRequests()[0]!.body.messages).toEqual([{ role: "user", content: "What should Mia do next?" }]);
    expect(result.current.limit.counter).toBe("1 of 3 prompts left today");
  });

  it("routes 'write …' to a generation appended to the story", async () => {
    const { result, log } = await ready({
      "POST /api/generate-content": (init) =>
        sse([frame("delta", { text: "Rain" }), frame("done", GENERATED)], init.signal),
    });
    act(() => void result.current.send("write the next chapter"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(aiRequests()[0]).toMatchObject({
      key: "POST /api/generate-content",
      body: { prompt: "write the next chapter", isAutoGenerated: false },
    });
    expect(log).toEqual(["begin append", "update Rain", "commit Rain fell on the harbour."]);
    expect(result.current.messages.at(-1)!.content).toMatch(/^Added 5 words to your story/);
  });

  it("keeps the greeting, a written request and what it did on the server, in the order shown", async () => {
    const { result } = await ready({
      "POST /api/generate-content": (init) => sse([frame("done", GENERATED)], init.signal),
      "POST /api/chat-with-marin": (init) =>
        sse([frame("done", { response: "Yes.", model: "m", showPromptCount: true, promptsLeft: 1 })], init.signal),
    });
    act(() => void result.current.send("write the next chapter"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    act(() => void result.current.send("Is that better?"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    act(() => void result.current.tools.undo());
    await waitFor(() => expect(keptTurns()).toHaveLength(4));
    expect(keptTurns()).toEqual([
      ["assistant", expect.stringMatching(/^Welcome back to “Storm Road”/)],
      ["user", "write the next chapter"],
      ["assistant", expect.stringMatching(/^Added 5 words to your story/)],
      ["assistant", "Undid my last change to your story."],
    ]);
    // The greeting only into an empty chat; the question went to the chat route after the turns before it.
    expect(requests.find((r) => r.key === "POST /api/stories/7/chat")!.body).toMatchObject({ onlyIfEmpty: true });
    const posts = requests
      .filter((r) => r.key.startsWith("POST"))
      .map((r) => (r.key === "POST /api/stories/7/chat" ? String(r.body.content) : r.key));
    expect(posts.indexOf("POST /api/chat-with-marin")).toBe(posts.findIndex((p) => p.startsWith("Added")) + 1);
  });

  it("does nothing for blank input", async () => {
    const { result } = await ready({});
    act(() => {
      expect(result.current.send("   ")).toBe(false);
    });
    expect(aiRequests()).toEqual([]);
  });

  it("Stop keeps the text written so far in the story as Marin's, and the counter asks the server again", async () => {
    const { result, log } = await ready({
      "POST /api/generate-content": (init) =>
        sse([frame("delta", { text: "Rain fell" }), frame("delta", { text: " on the" })], init.signal, true),
    });
    act(() => void result.current.send("write more"));
    await waitFor(() => expect(log).toContain("update Rain fell on the"));
    const statusReads = requests.filter((r) => r.key === "GET /api/marin").length;
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(log.at(-1)).toBe("commit Rain fell on the");
    expect(result.current.messages.at(-1)!.content).toBe(
      "Stopped. Kept the 4 words written so far; Undo takes them out.",
    );
    expect(result.current.canRegenerate).toBe(true);
    await waitFor(() => expect(requests.filter((r) => r.key === "GET /api/marin").length).toBe(statusReads + 1));
    expect(toast).not.toHaveBeenCalled();
  });

  it("Stop before any text leaves the story as it was", async () => {
    const { result, log } = await ready({
      "POST /api/generate-content": (init) => sse([], init.signal, true),
    });
    act(() => void result.current.send("write more"));
    await waitFor(() => expect(log).toEqual(["begin append"]));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(log.at(-1)).toBe("cancel");
    expect(result.current.messages.at(-1)!.content).toBe("Stopped. Nothing was added to your story.");
  });

  it("a failed generation cancels the insertion and toasts the server's message", async () => {
    const { result, log } = await ready({
      "POST /api/generate-content": (init) =>
        sse(
          [
            frame("delta", { text: "Ra" }),
            frame("error", { message: "The model stopped answering", code: "AI_FAILED" }),
          ],
          init.signal,
        ),
    });
    act(() => void result.current.send("create a twist"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(log.at(-1)).toBe("cancel");
    expect(toast).toHaveBeenCalledWith({
      title: FAILURE_TITLES.generate,
      description: "The model stopped answering",
      variant: "destructive",
    });
  });

  it("a failed chat call toasts 'Failed to generate response'", async () => {
    const { result } = await ready({
      "POST /api/chat-with-marin": () =>
        json({ message: "The AI service is not answering", code: "AI_UNAVAILABLE" }, 503),
    });
    act(() => void result.current.send("Hello?"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(toast).toHaveBeenCalledWith({
      title: "Failed to generate response",
      description: "The AI service is not answering",
      variant: "destructive",
    });
    expect(result.current.messages.at(-1)!.role).toBe("user");
  });

  it("a 429 with dailyLimit locks the chat and opens the dialog instead of a toast; send then does nothing", async () => {
    const { result } = await ready({
      "POST /api/chat-with-marin": () => json({ dailyLimit: true, message: DAILY_LIMIT_MESSAGE }, 429),
    });
    act(() => void result.current.send("Hello?"));
    await waitFor(() => expect(result.current.limit.locked).toBe(true));
    expect(result.current.limit.counter).toBe("0 of 3 prompts left today");
    expect(result.current.limitDialogOpen).toBe(true);
    expect(toast).not.toHaveBeenCalled();
    act(() => {
      expect(result.current.send("Hello again")).toBe(false);
    });
    expect(aiRequests()).toHaveLength(1);
  });

  it("starts locked when the status says no prompts are left", async () => {
    const { result } = await ready({}, { ...FREE, promptsLeft: 0 });
    expect(result.current.limit).toEqual({ locked: true, counter: "0 of 3 prompts left today" });
    act(() => {
      expect(result.current.send("write more")).toBe(false);
    });
    expect(aiRequests()).toEqual([]);
  });

  it("Regenerate sends the last generation again with a new seed in place of the last insertion; Undo removes it", async () => {
    const { result, log } = await ready({
      "POST /api/generate-content": (init) => sse([frame("done", GENERATED)], init.signal),
    });
    act(() => result.current.tools.continueStory());
    await waitFor(() => expect(result.current.canRegenerate).toBe(true));
    act(() => result.current.tools.regenerate());
    await waitFor(() => expect(aiRequests()).toHaveLength(2));
    await waitFor(() => expect(result.current.busy).toBeNull());
    const [first, second] = aiRequests().map((r) => r.body);
    expect(first).toMatchObject({ action: "continue", before: "Mia ran." });
    expect(second).toMatchObject({ action: "continue", before: "Mia ran.", prompt: first!.prompt });
    expect(second!.seed).not.toBe(first!.seed);
    expect(log.filter((l) => l.startsWith("begin"))).toEqual(["begin cursor", "begin replace-last"]);
    act(() => {
      expect(result.current.tools.undo()).toBe(true);
    });
    expect(result.current.tools.undo()).toBe(false);
  });

  it("Rewrite sends the selection and the instruction, replacing the selection", async () => {
    const { result, log } = await ready({
      "POST /api/generate-content": (init) => sse([frame("done", GENERATED)], init.signal),
    });
    act(() => result.current.tools.rewrite("more tension"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(aiRequests()[0]!.body).toMatchObject({
      action: "rewrite",
      selection: "Mia ran.",
      instruction: "more tension",
    });
    expect(log[0]).toBe("begin selection");
  });
});

describe("FicForge Plus response options", () => {
  const CHAT_DONE = frame("done", { response: "Sure.", model: "m", showPromptCount: false, promptsLeft: null });
  async function ready(extra: Record<string, Route>, options?: Parameters<typeof useMarin>[2]) {
    serve(extra);
    const editor = fakeBridge(false);
    const hook = setup(editor.bridge, { ...STORY, content: "<p>Mia ran.</p>" }, false, options);
    await waitFor(() => expect(hook.result.current.status).not.toBeNull());
    return { ...hook, log: editor.log };
  }

  it("a premium user's length and chat style go with a chat; a generation takes the length", async () => {
    const { result } = await ready(
      {
        "POST /api/chat-with-marin": (init) => sse([CHAT_DONE], init.signal),
        "POST /api/generate-content": (init) => sse([frame("done", GENERATED)], init.signal),
      },
      { request: { length: "long", chatStyle: "mentor" }, onPremiumRequired: vi.fn() },
    );
    act(() => void result.current.send("Who is Mia?"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    act(() => void result.current.send("write the storm"));
    await waitFor(() => expect(aiRequests()).toHaveLength(2));
    await waitFor(() => expect(result.current.busy).toBeNull());
    const [chat, generation] = aiRequests().map((r) => r.body);
    expect(chat).toMatchObject({ length: "long", chatStyle: "mentor" });
    expect(generation).toMatchObject({ length: "long", prompt: "write the storm" });
    expect(generation).not.toHaveProperty("chatStyle");
  });

  it("without options (a free user) the requests name neither", async () => {
    const { result } = await ready({
      "POST /api/chat-with-marin": (init) => sse([CHAT_DONE], init.signal),
      "POST /api/generate-content": (init) => sse([frame("done", GENERATED)], init.signal),
    });
    act(() => void result.current.send("Who is Mia?"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    act(() => result.current.tools.continueStory());
    await waitFor(() => expect(aiRequests()).toHaveLength(2));
    await waitFor(() => expect(result.current.busy).toBeNull());
    for (const { body } of aiRequests()) {
      expect(body).not.toHaveProperty("length");
      expect(body).not.toHaveProperty("chatStyle");
    }
  });

  it("a 403 PREMIUM_REQUIRED toasts the server's message and hands the fallback to the caller", async () => {
    const onPremiumRequired = vi.fn();
    const message = "Response length and chat styles are FicForge Plus features.";
    const { result, log } = await ready(
      {
        "POST /api/chat-with-marin": () => json({ message, code: "PREMIUM_REQUIRED" }, 403),
        "POST /api/generate-content": () => json({ message, code: "PREMIUM_REQUIRED" }, 403),
      },
      { request: { length: "short", chatStyle: "muse" }, onPremiumRequired },
    );
    act(() => void result.current.send("Hello?"));
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(onPremiumRequired).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      title: FAILURE_TITLES.chat,
      description: `${message} ${OPTIONS_RESET_NOTE}`,
      variant: "destructive",
    });
    expect(result.current.messages.at(-1)).toMatchObject({ role: "user", content: "Hello?" });
    expect(result.current.limit.locked).toBe(false);

    act(() => result.current.tools.continueStory());
    await waitFor(() => expect(onPremiumRequired).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(log.at(-1)).toBe("cancel");
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: FAILURE_TITLES.generate }));
  });
});
