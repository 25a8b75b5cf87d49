// @vitest-environment jsdom
// The pane as a writer uses it: Enter sends and Shift+Enter does not, the counter and the context line, the
// daily-limit overlay locking the input, and the dialog's 'Refer a Friend' copying the real link (or saying it
// could not).
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MarinStatus } from "../../../shared/schemas/marin";
import type { StoredChatMessage } from "../../../shared/schemas/marin-chat";
import type { StoryView } from "../../../shared/schemas/story";
import { TooltipProvider } from "../../components/ui/tooltip";
import { createQueryClient } from "../../lib/query-client";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const auth = { user: { id: 5, username: "kai", isPremium: false } };
vi.mock("../auth/auth-context", () => ({ useAuth: () => auth }));
const { toast } = await import("../../components/ui/toaster");
const { AssistantPane, CHAT_PLACEHOLDER } = await import("./AssistantPane");

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const FREE: MarinStatus = {
  model: "Offline storyteller",
  offline: true,
  showPromptCount: true,
  promptsLeft: 2,
  dailyLimit: 3,
};
const STORY = {
  id: 9,
  title: "Storm Road",
  content: "<p>Mia ran.</p>",
  createdAt: "2020-01-01T00:00:00.000Z",
  updatedAt: "2020-01-01T00:00:00.000Z",
} as unknown as StoryView;

let sent: string[];
let chatBodies: Record<string, unknown>[];
let chatAnswer: () => Response;
let storedChat: StoredChatMessage[] = [];
let patches: { url: string; body: unknown }[];
function serve(status: MarinStatus) {
  sent = [];
  chatBodies = [];
  patches = [];
  chatAnswer = () => json({ response: "Sure.", model: "m", showPromptCount: true, promptsLeft: 1 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      if (key === "GET /api/marin") return json(status);
      if (key === `GET /api/stories/${STORY.id}/chat`) return json({ messages: storedChat });
      if (key === `POST /api/stories/${STORY.id}/chat`) {
        const turn = JSON.parse(String(init.body));
        if (turn.onlyIfEmpty && storedChat.length > 0) return json({ message: null });
        const message = { id: `s${storedChat.length + 1}`, timestamp: new Date().toISOString(), ...turn };
        storedChat = [...storedChat, message];
        return json({ message }, 201);
      }
      if (key === `DELETE /api/stories/${STORY.id}/chat`) {
        storedChat = [];
        return new Response(null, { status: 204 });
      }
      if (init.method === "PATCH" && url.startsWith(`/api/stories/${STORY.id}/chat/messages/`)) {
        patches.push({ url, body: JSON.parse(String(init.body)) });
        return json({ message: {} });
      }
      if (key === "GET /api/referral")
        return json({ code: "K7Q2PX", url: "http://app.test/auth?ref=K7Q2PX", credited: 0 });
      if (key === "POST /api/marin/context")
        return json({ summary: "setting · last 2 words", text: "Setting: a harbour" });
      if (key === "POST /api/chat-with-marin") {
        const body = JSON.parse(String(init.body));
        sent.push(body.messages.at(-1).content);
        chatBodies.push(body);
        return chatAnswer();
      }
      return json({ message: "Not found" }, 404);
    }),
  );
}

/** The pane starts once the stored conversation has been read. */
async function renderPane() {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <AssistantPane story={STORY} bridge={null} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole("textbox", { name: "Message Marin" });
  return view;
}

// jsdom does no layout.
Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  storedChat = [];
  vi.mocked(toast).mockClear();
  localStorage.clear();
  auth.user = { id: 5, username: "kai", isPremium: false };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the assistant pane", () => {
  it("sends on Enter, adds a line on Shift+Enter, and shows the model, counter and context line", async () => {
    serve(FREE);
    await renderPane();
    const input = screen.getByRole("textbox", { name: "Message Marin" });
    expect(input).toHaveProperty("placeholder", CHAT_PLACEHOLDER);
    expect(await screen.findByText("2 of 3 prompts left today")).toBeTruthy();
    expect(screen.getByTestId("marin-model").textContent).toContain("Offline storyteller");
    expect(screen.getByRole("button", { name: "About the offline storyteller" })).toBeTruthy();

    fireEvent.change(input, { target: { value: "Who is Mia?" } });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText("Sure.")).toBeTruthy();
    expect(sent).toEqual(["Who is Mia?"]);
    expect(input).toHaveProperty("value", "");
    expect(await screen.findByText("1 of 3 prompts left today")).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByTestId("marin-context-line").textContent).toContain(
          "setting · last 2 words — uses 1 of 1 prompt left today",
        ),
      { timeout: 3000 },
    );
    fireEvent.click(screen.getByTestId("marin-context-line"));
    expect(screen.getByTestId("marin-context-text").textContent).toBe("Setting: a harbour");
  });

  it("shows the conversation kept on the server, and 'Clear chat' deletes it after asking", async () => {
    serve(FREE);
    storedChat = [
      {
        id: "s1",
        role: "user",
        content: "Who keeps the lighthouse?",
        note: false,
        timestamp: "2026-01-01T10:00:00.000Z",
      },
      {
        id: "s2",
        role: "assistant",
        content: "Old Tam, since the storm.",
        note: false,
        timestamp: "2026-01-01T10:00:05.000Z",
      },
    ];
    await renderPane();
    expect(screen.getByText("Old Tam, since the storm.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear chat" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Clear chat?" });
    expect(dialog.textContent).toContain("deleted on every device");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(storedChat).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Clear chat" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Clear chat" }));
    await waitFor(() => expect(screen.queryByText("Old Tam, since the storm.")).toBeNull());
    expect(storedChat).toEqual([]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Clear chat" })).toHaveProperty("disabled", true);
  });

  it("steps between the versions of Marin's answer, keeping each choice, and asks for another (issue 32)", async () => {
    serve(FREE);
    storedChat = [
      { id: "s1", role: "user", content: "Who keeps the lighthouse?", note: false, timestamp: "2026-01-01T10:00:00Z" },
      {
        id: "s2",
        role: "assistant",
        content: "Old Tam, since the storm.",
        note: false,
        timestamp: "2026-01-01T10:00:05Z",
        versions: ["Old Tam, since the storm.", "Nobody, since the storm."],
        chosen: 0,
      },
    ];
    await renderPane();
    const answer = screen.getByTestId("marin-message-assistant");
    const button = (name: string) => within(answer).getByRole("button", { name }) as HTMLButtonElement;
    expect(within(answer).getByText("Version 1 of 2")).toBeTruthy();
    expect(button("Previous version").disabled).toBe(true);
    fireEvent.click(button("Next version"));
    expect(within(answer).getByText("Nobody, since the storm.")).toBeTruthy();
    expect(within(answer).getByText("Version 2 of 2")).toBeTruthy();
    await waitFor(() => expect(patches).toEqual([{ url: "/api/stories/9/chat/messages/s2", body: { chosen: 1 } }]));

    fireEvent.click(button("Another version"));
    expect(await within(answer).findByText("Sure.")).toBeTruthy();
    expect(within(answer).getByText("Version 3 of 3")).toBeTruthy();
    expect(chatBodies[0]).toMatchObject({
      versionOf: "s2",
      messages: [{ role: "user", content: "Who keeps the lighthouse?" }],
    });
    expect(await screen.findByText("1 of 3 prompts left today")).toBeTruthy();
    fireEvent.click(button("Previous version"));
    expect(within(answer).getByText("Nobody, since the storm.")).toBeTruthy();
    await waitFor(() =>
      expect(patches.at(-1)).toEqual({ url: "/api/stories/9/chat/messages/s2", body: { chosen: 1 } }),
    );

    // The daily limit: the version shown stays and the limit's dialog opens, as for a chat message.
    chatAnswer = () => json({ message: "Daily limit reached", dailyLimit: true }, 429);
    fireEvent.click(button("Another version"));
    expect(await screen.findByRole("dialog")).toBeTruthy();
    expect(within(answer).getByText("Nobody, since the storm.")).toBeTruthy();
    expect(within(answer).getByText("Version 2 of 3")).toBeTruthy();
    // NOTE: the open dialog hides the rest of the page from the accessibility tree.
    const another = within(answer).getByRole("button", { name: "Another version", hidden: true });
    expect((another as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByTestId("marin-message-assistant")).toHaveLength(1);
  });

  it("locks the input behind the overlay when no prompts are left; View Options opens the dialog", async () => {
    serve({ ...FREE, promptsLeft: 0 });
    await renderPane();
    expect(await screen.findByText("Daily Limit Exceeded")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Message Marin" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "View Options" }));
    expect(await screen.findByRole("dialog", { name: "Daily AI Limit Reached" })).toBeTruthy();
    expect(screen.getByText("Get 3 extra prompts per referral")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Upgrade/ }).getAttribute("href")).toBe("/dashboard/upgrade");
  });

  it("'Refer a Friend' copies the referral link, or toasts 'Failed to copy'", async () => {
    serve({ ...FREE, promptsLeft: 0 });
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await renderPane();
    fireEvent.click(await screen.findByRole("button", { name: "View Options" }));
    const refer = await screen.findByRole("button", { name: /Refer a Friend/ });
    fireEvent.click(refer);
    expect(await screen.findByText("Link copied!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith("http://app.test/auth?ref=K7Q2PX");
    fireEvent.click(refer);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Failed to copy",
        description: "Please copy the link manually",
        variant: "destructive",
      }),
    );
  });
});

describe("the response options (FicForge Plus)", () => {
  const openOptions = () => fireEvent.click(screen.getByRole("button", { name: /Response/ }));
  const radio = (name: string | RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;
  async function chat(text: string) {
    const input = screen.getByRole("textbox", { name: "Message Marin" });
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(sent).toContain(text));
  }

  it("are locked for a free user, who learns why and where to unlock them; requests carry none", async () => {
    serve(FREE);
    await renderPane();
    openOptions();
    const note = screen.getByTestId("plus-locked-note");
    expect(note.textContent).toContain("Response length and chat styles come with FicForge Plus.");
    expect(screen.getByRole("link", { name: /Unlock with FicForge Plus/ }).getAttribute("href")).toBe(
      "/dashboard/upgrade",
    );
    const long = radio("Long");
    expect(long.getAttribute("aria-disabled")).toBe("true");
    expect(long.disabled).toBe(false);
    expect(long.getAttribute("aria-describedby")).toBe(note.id);
    fireEvent.click(long);
    fireEvent.click(radio(/^Mentor/));
    expect(radio("Long").checked).toBe(false);
    expect(radio("Medium").checked).toBe(true);
    expect(radio(/^Classic/).checked).toBe(true);
    await chat("Who is Mia?");
    expect(chatBodies[0]).not.toHaveProperty("length");
    expect(chatBodies[0]).not.toHaveProperty("chatStyle");
    expect(localStorage.getItem("marin-response-options:5")).toBeNull();
  });

  it("a premium user's choice goes with each chat and is remembered for that user", async () => {
    auth.user = { id: 5, username: "kai", isPremium: true };
    serve({ ...FREE, showPromptCount: false, promptsLeft: null, dailyLimit: null });
    await renderPane();
    openOptions();
    expect(screen.queryByTestId("plus-locked-note")).toBeNull();
    fireEvent.click(radio("Long"));
    fireEvent.click(radio(/^Mentor/));
    expect(radio("Long").checked).toBe(true);
    expect(screen.getByText(/Warm craft advice that explains the why/)).toBeTruthy();
    await chat("Who is Mia?");
    expect(chatBodies[0]).toMatchObject({ length: "long", chatStyle: "mentor" });

    cleanup();
    await renderPane();
    openOptions();
    expect(radio("Long").checked).toBe(true);
    expect(radio(/^Mentor/).checked).toBe(true);
    cleanup();
    auth.user = { id: 6, username: "mia", isPremium: true };
    await renderPane();
    openOptions();
    expect(radio("Medium").checked).toBe(true);
    expect(radio(/^Classic/).checked).toBe(true);
  });

  it("fall back to the defaults with the server's message when a lapsed plan is refused (403)", async () => {
    auth.user = { id: 5, username: "kai", isPremium: true };
    serve({ ...FREE, showPromptCount: false, promptsLeft: null, dailyLimit: null });
    chatAnswer = () =>
      json({ message: "Response length and chat styles are FicForge Plus features.", code: "PREMIUM_REQUIRED" }, 403);
    await renderPane();
    openOptions();
    fireEvent.click(radio("Short"));
    fireEvent.click(radio(/^Muse/));
    await chat("Who is Mia?");
    expect(chatBodies[0]).toMatchObject({ length: "short", chatStyle: "muse" });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Failed to generate response",
          description: expect.stringContaining("Response length and chat styles are FicForge Plus features."),
        }),
      ),
    );
    await waitFor(() => expect(radio("Medium").checked).toBe(true));
    expect(radio(/^Classic/).checked).toBe(true);
    expect(localStorage.getItem("marin-response-options:5")).toBeNull();
  });
});
