// SPEC.md section 4's pane rules: routing, greetings, the daily-limit state, and the "What Marin sees" line.
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
  it("sends messages naming generate, write or create to generation, anything else to chat", () => {
    expect(routeMessage("write the next chapter")).toBe("generate");
    expect(routeMessage("Please GENERATE a fight scene")).toBe("generate");
    expect(routeMessage("can you create a villain?")).toBe("generate");
    // SPEC.md says "containing": the word inside another word counts too.
    expect(routeMessage("Who rewrites history?")).toBe("generate");
    expect(routeMessage("What should Mia do next?")).toBe("chat");
    expect(routeMessage("  tell me about the setting ")).toBe("chat");
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
