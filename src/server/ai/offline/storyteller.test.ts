import { describe, expect, it } from "vitest";
import {
  ARRIVALS,
  CLOSINGS,
  MOOD_BEATS,
  OPEN_ENDS,
  OPENINGS,
  PLOT_BEATS,
  QUIET,
  SENTENCE_ENDS,
  THEME_TALK,
  TIME_SKIPS,
} from "./beats";
import { chapterCount, detectVoice } from "./facts";
import { VERBS, wordCount } from "./grammar";
import { rewriteKind } from "./rewrite";
import { tellStory } from "./storyteller";
import { promptFor, storyBrief } from "../../test/offline-prompt";
import { VOICES } from "./voices";

const STORY = [
  "## Chapter 1: Salt",
  "Aria Vance caught Kael on the docks at midnight, a crate of stolen maps under his arm.",
  "“You again,” Aria said.",
  "## Chapter 2: Tide",
  "Kael escaped before dawn. Aria found his note pinned to her door: meet me at the drowned temple.",
].join("\n\n");

const write = (request: string, overrides = {}, seed = 1) => tellStory(promptFor(storyBrief(overrides), request), seed);
const chat = (question: string, overrides = {}, seed = 1) =>
  tellStory(promptFor(storyBrief({ task: "chat", latest: STORY, ...overrides }), question), seed);

describe("offline storyteller: writing", () => {
  it("is deterministic for a seed and varies across seeds", () => {
    expect(write("Write the opening scene of this story.", {}, 7)).toBe(
      write("Write the opening scene of this story.", {}, 7),
    );
    const texts = new Set([1, 2, 3, 4, 5].map((seed) => write("Write the opening scene of this story.", {}, seed)));
    expect(texts.size).toBe(5);
  });

  it("derives a seed from the prompt when none is given", () => {
    const prompt = promptFor(storyBrief(), "Write the opening scene of this story.");
    expect(tellStory(prompt)).toBe(tellStory(prompt));
    expect(tellStory(prompt)).not.toBe(
      tellStory(promptFor(storyBrief({ title: "Another" }), "Write the opening scene of this story.")),
    );
  });

  it("opens an empty story with chapter 1, the characters from the notes and the setting", () => {
    const text = write("Write the opening scene of this story.");
    expect(text).toMatch(/^## Chapter 1: \S.+\n\n/);
    expect(text).toContain("Aria");
    expect(text).toContain("Kael");
    expect(text).toContain("rain-soaked harbour city");
    expect(text).toMatch(/the stolen map|the drowned temple/);
    expect(text.split("\n\n").length).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/“[^”]+”/);
  });

  it("numbers the next chapter after the story's last one", () => {
    expect(write("write the next chapter", { latest: STORY })).toMatch(/^## Chapter 3: /);
    expect(write("write the next chapter", { latest: STORY.replaceAll("## ", "") })).toMatch(/^## Chapter 3: /);
    expect(write("write the next chapter", { latest: "<h2>Chapter 4: Fog</h2><p>Kael ran.</p>" })).toMatch(
      /^## Chapter 5: /,
    );
    expect(chapterCount("## Chapter Two: Tide")).toBe(2);
  });

  it("treats the editor's placeholder as an empty story", () => {
    expect(
      write("Write the opening scene of this story.", { latest: "<p>Start writing your story here...</p>" }),
    ).toMatch(/^## Chapter 1: /);
  });

  it("writes more of the scene without a heading when no chapter is asked for", () => {
    const text = write("write what happens when they reach the temple", { latest: STORY });
    expect(text).not.toContain("## ");
    expect(text).toContain("Kael");
  });

  it("honours the response length", () => {
    const words = (length: string) => wordCount(write("Write the opening scene of this story.", { length }, 3));
    expect(words("short")).toBeGreaterThan(80);
    expect(words("short")).toBeLessThan(200);
    expect(words("medium")).toBeGreaterThan(230);
    expect(words("medium")).toBeLessThan(420);
    expect(words("long")).toBeGreaterThan(480);
    expect(words("long")).toBeLessThan(800);
  });

  it("uses she or he only where the notes make it clear, and they otherwise", () => {
    const text = write(
      "write the next chapter",
      {
        characterNotes:
          "Aria guards the docks; she trusts no one. Kael smuggles maps. Aria arrests Kael, and his grin never fades.",
        latest: STORY,
      },
      4,
    );
    expect(text).not.toMatch(/Aria[^.]*\b(he|his|him)\b[^.]*\./);
    expect(text).toMatch(/\bshe\b|\bher\b/i);
  });

  it("invents names from the seed when the notes name nobody, and keeps them for that seed", () => {
    const overrides = { characterNotes: null, leads: ["Tsundere (Hot-Cold)"], supporting: ["Bookworm"] };
    const text = write("Write the opening scene of this story.", overrides, 9);
    expect(text).toBe(write("Write the opening scene of this story.", overrides, 9));
    expect(text).toMatch(/\b(Aelin|Kael|Seren|Rowan|Isolde|Thorne|Lyra|Cassian|Wren|Dorian|Elara|Corin)\b/);
  });

  it("uses names that recur in the story so far and in the story memory", () => {
    const latest = "Mirelle watched the gate. Later, Mirelle and Tomas argued about the key, and Tomas lost.";
    const text = write("write the next chapter", { characterNotes: null, latest });
    expect(text).toMatch(/Mirelle|Tomas/);
    const memory = {
      characters: [{ name: "Sabine", traits: ["cunning"], relationships: ["rival of Jules"] }],
      summary: null,
    };
    expect(write("write the next chapter", { characterNotes: null, memory })).toContain("Sabine");
  });

  it("leans toward the strongest mood and lets archetypes speak in their own way", () => {
    const action = write(
      "Write the opening scene of this story.",
      { moods: [{ name: "Action", value: 90 }], themes: [] },
      4,
    );
    expect(action).toMatch(/blow|alarm|fight|ducked/);
    const tsundere = write("Write the opening scene of this story.", { leads: ["Tsundere (Hot-Cold)", "Stoic"] }, 2);
    expect(tsundere).toMatch(/scowl|huff|snapped|muttered|impossible|wrong idea|extra|loudly|shoved/i);
  });

  it("stays suggestive, never explicit, and only darker when the story is mature", () => {
    const spicy = { moods: [{ name: "Spice", value: 95 }], themes: ["Slow Burn"] };
    const general = write("Write the opening scene of this story.", { ...spicy, mature: false }, 5);
    expect(general).not.toContain("reckless heartbeat");
    const mature = [1, 2, 3, 4, 5].map((seed) =>
      write("Write the opening scene of this story.", { ...spicy, mature: true }, seed),
    );
    expect(mature.some((t) => t.includes("reckless heartbeat"))).toBe(true);
  });

  it("mentions the fandom's world lightly", () => {
    expect(write("Write the opening scene of this story.", { fandoms: ["Star Wars"] })).toContain("starfighter");
  });

  it("leaves no template marks or broken agreement behind, for any task and many seeds", () => {
    const moods = [
      { name: "Chaos", value: 70 },
      { name: "Adventure", value: 50 },
      { name: "Angst", value: 60 },
    ];
    const questions = [
      "what next?",
      "tell me about Aria",
      "names?",
      "title ideas",
      "pacing?",
      "mood",
      "summary",
      "hi",
      "the world?",
    ];
    const instructions = ["shorter", "more vivid", "more dialogue", "darker", "funnier", "present tense", "polish"];
    const befores = [
      "I pushed the door open. The room is dark and",
      "She ran through the rain, and Kael followed her",
      "I watched Kael count the coins. He was lying; I knew it.",
    ];
    for (let seed = 0; seed < 60; seed++) {
      const pick = <T>(items: T[]) => items[seed % items.length]!;
      const outputs = [
        write(
          "Write the opening scene of this story.",
          { length: pick(["short", "medium", "long"]), fandoms: ["Naruto"] },
          seed,
        ),
        write(
          "write the next chapter",
          { latest: STORY, themes: ["Friends to Lovers", "Alternate Universe"], moods },
          seed,
        ),
        write(
          "Write the opening scene of this story.",
          { characterNotes: null, leads: [], themes: [], moods: [], setting: null },
          seed,
        ),
        tellStory(promptFor(storyBrief({ task: "continue", before: pick(befores), moods }), "continue"), seed),
        tellStory(
          promptFor(storyBrief({ task: "rewrite", selection: STORY, instruction: pick(instructions) }), "rewrite"),
          seed,
        ),
        chat(pick(questions), {}, seed),
      ];
      for (const text of outputs) {
        expect(text).not.toMatch(/[{}~^]|undefined|null|narrator|\s{3,}| {2}/);
        expect(text.replace(/“[^”]*”/g, "")).not.toMatch(
          /\b(they|we) (was|is|has|does)\b|\b(he|she) (are|were|have)\b|\bI (is|are|has|does)\b/i,
        );
        expect(text.trimEnd()).toBe(text);
      }
    }
  });

  it("knows every verb its templates mark", () => {
    const templates = JSON.stringify([
      OPENINGS,
      ARRIVALS,
      CLOSINGS,
      PLOT_BEATS,
      SENTENCE_ENDS,
      OPEN_ENDS.map(([, e]) => e),
      QUIET,
      THEME_TALK,
      TIME_SKIPS,
      MOOD_BEATS,
      VOICES,
    ]);
    const marked = [...templates.matchAll(/[~^](\w+)/g)].map((m) => m[1]!);
    expect(marked.length).toBeGreaterThan(100);
    expect(marked.filter((verb) => !VERBS[verb])).toEqual([]);
  });
});

describe("offline storyteller: continue", () => {
  const cont = (before: string, seed = 1) =>
    tellStory(promptFor(storyBrief({ task: "continue", latest: STORY, before }), "Continue from the cursor."), seed);

  it("finishes an open sentence, then writes on without a heading", () => {
    const text = cont("Aria drew her sword and");
    expect(text).toMatch(/^ [a-z][^\n]*\.\n\n/);
    // A sentence left on 'the' is finished with words, never broken off with a dash.
    expect(cont("Aria reached for the")).toMatch(/^ (quiet that followed|last of the light)\.\n\n/);
    expect(cont("Aria looked at Kael")).toMatch(/^, /);
    expect(text).not.toContain("## ");
    expect(wordCount(text)).toBeGreaterThan(100);
  });

  it("keeps the tense and the person of the text before the cursor", () => {
    expect(detectVoice("I walk to the window. The rain is loud and my hands are shaking.")).toEqual({
      tense: "present",
      person: "first",
    });
    expect(detectVoice("She walked to the window. The rain was loud.")).toEqual({ tense: "past", person: "third" });
    const text = cont("I walk to the window. Kael is already there, and he looks at me as if I am the storm.");
    expect(text).toMatch(/\bI\b|\bmy\b|\bme\b/);
    expect(detectVoice(text)).toEqual({ tense: "present", person: "first" });
    const narration = text.replace(/“[^”]*”/g, "");
    expect(narration).not.toMatch(/\bI (always )?(does|was|is|has)\b|brushes my,|hands goes/);
    expect(text).toContain("Kael");
  });

  it("answers dialogue that ends the text", () => {
    const text = cont("Kael leaned on the rail. “You’re not going to arrest me again, are you?”");
    expect(text.split("\n\n")[0]).toMatch(/^“/);
  });
});

describe("offline storyteller: rewrite", () => {
  const selection =
    "Aria walked into the tavern and looked around. It was very dark and the fire had gone out. Kael was sitting in the corner, quietly shuffling cards. She really wanted to leave, but she sat down across from him anyway.";
  const rewrite = (instruction: string, text = selection, seed = 1) =>
    tellStory(
      promptFor(storyBrief({ task: "rewrite", selection: text, instruction }), `Rewrite: ${instruction}`),
      seed,
    );

  it("reads the instruction", () => {
    expect(rewriteKind("make it shorter")).toBe("shorter");
    expect(rewriteKind("more vivid please")).toBe("longer");
    expect(rewriteKind("add more dialogue")).toBe("dialogue");
    expect(rewriteKind("make it darker")).toBe("darker");
    expect(rewriteKind("fix typos")).toBe("fix");
    expect(rewriteKind("switch to present tense")).toBe("present");
  });

  it("makes it shorter, keeping the names", () => {
    const text = rewrite("make it shorter");
    expect(wordCount(text)).toBeLessThan(wordCount(selection));
    expect(text).toContain("Aria");
    expect(text).toContain("Kael");
  });

  it("makes it longer and more vivid", () => {
    const text = rewrite("make it more vivid");
    expect(wordCount(text)).toBeGreaterThan(wordCount(selection) * 1.3);
    expect(text).toContain("strode");
    expect(text).toContain("Kael");
  });

  it("adds dialogue", () => {
    const text = rewrite("add more dialogue");
    expect((text.match(/“/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Kael was sitting in the corner");
  });

  it("changes the tone and the tense", () => {
    expect(rewrite("make it darker")).not.toBe(selection);
    expect(rewrite("make it darker")).toContain("black as pitch");
    expect(rewrite("in present tense")).toContain("Aria walks into the tavern and looks around. It is very dark");
    expect(rewrite("make it funnier")).not.toBe(selection);
  });

  it("fixes typos and grammar", () => {
    expect(rewrite("fix the grammar", "teh rain fell. i didnt care , honestly")).toBe(
      "The rain fell. I didn’t care, honestly.",
    );
  });
});

describe("offline storyteller: chat", () => {
  it("suggests what happens next with the story's characters", () => {
    const text = chat("What should happen next?");
    expect(text).toContain("Aria");
    expect(text).toContain("Kael");
    expect(text).toMatch(/^1\. /m);
    expect(text).toContain("write the next chapter");
  });

  it("brings new ideas when asked again in the same chat", () => {
    const brief = storyBrief({ task: "chat", latest: STORY });
    const first = tellStory(promptFor(brief, "What should happen next?"), 1);
    const again = tellStory(
      [
        ...promptFor(brief, "What should happen next?"),
        { role: "assistant", content: [{ type: "text", text: first }] },
        { role: "user", content: [{ type: "text", text: "Any other ideas for what happens next?" }] },
      ],
      1,
    );
    const ideasOf = (text: string) =>
      text
        .split("\n")
        .filter((line) => /^\d\. /.test(line))
        .map((line) => line.slice(3));
    expect(ideasOf(again).filter((idea) => ideasOf(first).includes(idea))).toEqual([]);
  });

  it("answers about a character from the notes and the archetype", () => {
    const text = chat("Tell me about Kael");
    expect(text).toContain("Kael (Sunbeam)");
    expect(text).toContain("cheerful smuggler");
  });

  it("summarizes the story so far by chapter", () => {
    const text = chat("Can you summarize the story so far?");
    expect(text).toContain("2 chapters");
    expect(text).toContain("Chapter 1: Salt");
    expect(text).toContain("Chapter 2: Tide");
  });

  it("explains how to use Marin", () => {
    const text = chat("how do I use you?");
    expect(text).toContain("“write the next chapter”");
    expect(text).toContain("Continue");
    expect(text).toContain("Rewrite");
  });

  it("is honest about what it is", () => {
    const text = chat("Are you ChatGPT? Who are you?");
    expect(text).toContain("offline storyteller");
    expect(text).toContain("README");
    expect(text).not.toMatch(/I am ChatGPT|I’m ChatGPT/);
  });

  it("gives names, titles, pacing and mood advice from the context", () => {
    expect(chat("any names for a villain?")).toMatch(/^1\. \w+/m);
    expect(chat("title ideas?")).toContain("The Stolen Map");
    expect(chat("is my pacing ok?")).toContain("slow burn");
    expect(chat("how do I make the mood more romantic?")).toContain("Romance 80");
    expect(chat("help me with the worldbuilding")).toContain("rain-soaked harbour city");
    expect(chat("what's my story about?")).toContain("2 chapters");
  });
});
