// @vitest-environment jsdom
// The pane as a writer uses it: Enter sends and Shift+Enter does not, the counter and the context line, the
// daily-limit overlay locking the input, and the dialog's 'Refer a Friend' copying the real link (or saying it
// could not).
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MarinStatus } from "../../../shared/schemas/marin";
import type { StoryView } from "../../../shared/schemas/story";
import { TooltipProvider } from "../../components/ui/tooltip";
import { createQueryClient } from "../../lib/query-client";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
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
function serve(status: MarinStatus) {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      if (key === "GET /api/marin") return json(status);
      if (key === "GET /api/referral")
        return json({ code: "K7Q2PX", url: "http://app.test/auth?ref=K7Q2PX", credited: 0 });
      if (key === "POST /api/marin/context")
        return json({ summary: "setting · last 2 words", text: "Setting: a harbour" });
      if (key === "POST /api/chat-with-marin") {
        sent.push(JSON.parse(String(init.body)).messages.at(-1).content);
        return json({ response: "Sure.", model: "m", showPromptCount: true, promptsLeft: 1 });
      }
      return json({ message: "Not found" }, 404);
    }),
  );
}

function renderPane() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <AssistantPane story={STORY} bridge={null} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

// jsdom does no layout.
Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  vi.mocked(toast).mockClear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the assistant pane", () => {
  it("sends on Enter, adds a line on Shift+Enter, and shows the model, counter and context line", async () => {
    serve(FREE);
    renderPane();
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

  it("locks the input behind the overlay when no prompts are left; View Options opens the dialog", async () => {
    serve({ ...FREE, promptsLeft: 0 });
    renderPane();
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
    renderPane();
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
