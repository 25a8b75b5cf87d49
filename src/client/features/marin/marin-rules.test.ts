// The pane's rules: routing, greetings, the daily-limit state, and the "What Marin sees" line.
import { describe, expect, it } from "vitest";
import {
  contextLine,
  costText,
  GENERATED_STORY_WINDOW_MS,
  greetingKind,
  greetingText,
  limitState,
  routeMessage,
} from "./marin-rules";

describe("chat routing", () => {
  // [message, what Marin does]: "generate" writes into the story, "chat" answers in the pane.
  const table: [string, "generate" | "chat"][] = [
    // 'generate', 'write' or 'create' in plain commands still write.
    ["write the next chapter", "generate"],
    ["Please GENERATE a fight scene", "generate"],
    ["Create a villain who wants the lighthouse", "generate"],
    ["Write Pip as more sarcastic from here on", "generate"],
    ["A storm hits the harbour. Write it.", "generate"],
    ["I want you to write the reunion", "generate"],
    ["generate 3 paragraphs of banter", "generate"],
    // Commands to continue, add, draft or write the next part write, with or without those words.
    ["Continue the scene where they argue", "generate"],
    ["continue", "generate"],
    ["Okay, now continue.", "generate"],
    ["Keep going", "generate"],
    ["Go on!", "generate"],
    ["Next chapter, please", "generate"],
    ["the next scene", "generate"],
    ["Add a scene where Pip sulks", "generate"],
    ["Love it. Add a short epilogue.", "generate"],
    ["Draft the confrontation at the docks", "generate"],
    ["Marin, draft chapter 4", "generate"],
    ["Great! Continue from where Mia opens the door", "generate"],
    ["Please continue the story", "generate"],
    // A polite request in question form is still a request to write.
    ["Can you write the next scene?", "generate"],
    ["Could you please continue?", "generate"],
    ["Would you draft the ending?", "generate"],
    ["can you add a scene at the market?", "generate"],
    ["Will you generate an alternative opening?", "generate"],
    // Questions are answered in the chat, whatever words they use.
    ["Should I write Pip as more sarcastic?", "chat"],
    ["Should I write Pip as more sarcastic", "chat"],
    ["How do I write better dialogue?", "chat"],
    ["What should Mia do next?", "chat"],
    ["Why did you write it in the present tense?", "chat"],
    ["Is the chapter I wrote too long?", "chat"],
    ["Are the villains believable", "chat"],
    ["Do you think I should create a new character?", "chat"],
    ["does this scene drag", "chat"],
    ["Would it be better to write it from Pip's view?", "chat"],
    ["Could Pip be the one who wrote the letter?", "chat"],
    ["can I generate a cover here?", "chat"],
    ["Who rewrites history?", "chat"],
    ["Any ideas for the next chapter?", "chat"],
    ["Write the next chapter. Should Pip win?", "chat"],
    ['Is "write what you know" good advice?"', "chat"],
    // Everything else is talk.
    ["tell me about the setting", "chat"],
    ["I love this so far", "chat"],
    ["Pip feels flat to me", "chat"],
    ["Thanks, that helps!", "chat"],
    ["Give me three title ideas", "chat"],
    ["Summarise the story so far", "chat"],
  ];

  it.each(table)("%j → %s", (message, route) => {
    expect(routeMessage(message)).toBe(route);
  });

  it("does nothing for blank input", () => {
    expect(routeMessage("")).toBeNull();
    expect(routeMessage("  \n\t ")).toBeNull();
  });
});

describe("greetings", () => {
  const now = Date.parse("2026-11-22T10:00:00.000Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const opening = "<h2>Chapter 1: The Storm</h2><p>Rain hammered the roof.</p>";

  it("greets a story made within 60 seconds with a chapter 1 heading with the opening-scene message", () => {
    expect(greetingKind({ createdAt: ago(5_000), content: opening }, true, now)).toBe("opening-scene");
    expect(greetingKind({ createdAt: ago(GENERATED_STORY_WINDOW_MS), content: opening }, true, now)).toBe(
      "opening-scene",
    );
    expect(greetingKind({ createdAt: ago(1000), content: "<h1><strong>Chapter One</strong></h1>" }, true, now)).toBe(
      "opening-scene",
    );
  });

  it("welcomes back to a story with content, otherwise introduces Marin", () => {
    expect(greetingKind({ createdAt: ago(GENERATED_STORY_WINDOW_MS + 1), content: opening }, true, now)).toBe(
      "welcome-back",
    );
    expect(greetingKind({ createdAt: ago(1000), content: "<p>Rain hammered the roof.</p>" }, true, now)).toBe(
      "welcome-back",
    );
    expect(greetingKind({ createdAt: ago(1000), content: "<h2>Chapter 2</h2>" }, true, now)).toBe("welcome-back");
    expect(greetingKind({ createdAt: ago(1000), content: "" }, false, now)).toBe("introduction");
    expect(greetingKind({ createdAt: ago(86_400_000), content: "<p></p>" }, false, now)).toBe("introduction");
  });

  it("names the story in each greeting", () => {
    for (const kind of ["opening-scene", "welcome-back", "introduction"] as const) {
      expect(greetingText(kind, "Storm Road")).toContain("“Storm Road”");
    }
    expect(greetingText("welcome-back", "Storm Road")).toMatch(/^Welcome back/);
    expect(greetingText("introduction", "  ")).toContain("your story");
  });
});

describe("the daily limit", () => {
  const free = (promptsLeft: number, dailyLimit: number | null = 3) => ({
    showPromptCount: true,
    promptsLeft,
    dailyLimit,
  });

  it("counts the prompts left for free users", () => {
    expect(limitState(free(2))).toEqual({ locked: false, counter: "2 of 3 prompts left today" });
    expect(limitState(free(5, 6))).toEqual({ locked: false, counter: "5 of 6 prompts left today" });
    expect(limitState(free(1, null))).toEqual({ locked: false, counter: "1 prompt left today" });
  });

  it("locks the chat at 0 prompts left, or after a 429 with dailyLimit whatever the counter said", () => {
    expect(limitState(free(0))).toEqual({ locked: true, counter: "0 of 3 prompts left today" });
    expect(limitState(free(2), true).locked).toBe(true);
    expect(limitState(null, true)).toEqual({ locked: true, counter: null });
  });

  it("shows no counter and never locks for premium users (or before the status is known)", () => {
    expect(limitState({ showPromptCount: false, promptsLeft: null, dailyLimit: null })).toEqual({
      locked: false,
      counter: null,
    });
    expect(limitState(undefined)).toEqual({ locked: false, counter: null });
  });
});

describe("what Marin sees", () => {
  const summary = "3 characters · setting · moods · last 1,200 words";

  it("says what a request costs", () => {
    expect(costText({ showPromptCount: true, promptsLeft: 2, dailyLimit: 3 })).toBe("uses 1 of 2 prompts left today");
    expect(costText({ showPromptCount: true, promptsLeft: 1, dailyLimit: 3 })).toBe("uses 1 of 1 prompt left today");
    expect(costText({ showPromptCount: true, promptsLeft: 0, dailyLimit: 3 })).toBe("no prompts left today");
    expect(costText({ showPromptCount: false, promptsLeft: null, dailyLimit: null })).toBe("unlimited");
    expect(costText(null)).toBeNull();
  });

  it("joins the server's summary and the cost into one line", () => {
    expect(contextLine(summary, { showPromptCount: true, promptsLeft: 2, dailyLimit: 3 })).toBe(
      "3 characters · setting · moods · last 1,200 words — uses 1 of 2 prompts left today",
    );
    expect(contextLine(summary, { showPromptCount: false, promptsLeft: null, dailyLimit: null })).toBe(
      `${summary} — unlimited`,
    );
    expect(contextLine(null, { showPromptCount: false, promptsLeft: null, dailyLimit: null })).toBe("unlimited");
    expect(contextLine(undefined, null)).toBe("");
  });
});
