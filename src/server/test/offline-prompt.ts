// Test helper: a prompt as the prompt builder writes it (the context block in the system message, the request last).
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { formatContextBlock, type StoryBrief } from "../ai/context-block";

export function storyBrief(overrides: Partial<StoryBrief> = {}): StoryBrief {
  return {
    task: "write",
    title: "Salt and Thorns",
    leads: ["Stoic", "Sunbeam"],
    supporting: [],
    characterNotes:
      "Aria Vance is a stoic harbour guard who trusts no one. Kael is a cheerful smuggler she keeps arresting.",
    setting: "A rain-soaked harbour city ruled by merchant guilds",
    plotIdeas: "A stolen map leads to a drowned temple.",
    themes: ["Enemies to Lovers", "Slow Burn"],
    moods: [
      { name: "Romance", value: 80 },
      { name: "Humor", value: 45 },
    ],
    fandoms: [],
    mature: false,
    memory: null,
    lore: [],
    beginning: "",
    latest: "",
    omittedWords: 0,
    before: null,
    selection: null,
    instruction: null,
    length: "medium",
    chatStyle: null,
    ...overrides,
  };
}

export function promptFor(brief: StoryBrief, request: string): LanguageModelV3Prompt {
  return [
    { role: "system", content: `You are Marin, FicForge's writing assistant.\n\n${formatContextBlock(brief)}` },
    { role: "user", content: [{ type: "text", text: request }] },
  ];
}
