// The offline storyteller's chat in FicForge Plus's response lengths and chat styles, read back from the prompt's
// context block: short < medium < long, each style's own voice, the same words for a seed.
import { describe, expect, it } from "vitest";
import type { ChatStyle, ResponseLength } from "../../../shared/schemas/marin";
import { buildPrompt } from "../prompt";
import { shorten } from "./chat-voice";
import { wordCount } from "./grammar";
import { tellStory } from "./storyteller";
import { promptFor, storyBrief } from "../../test/offline-prompt";

const STORY = [
  "## Chapter 1: Salt",
  "Aria Vance caught Kael on the docks at midnight, a crate of stolen maps under his arm.",
  "“You again,” Aria said.",
].join("\n\n");

const chat = (question: string, length: ResponseLength, chatStyle: ChatStyle | null = null, seed = 3) =>
  tellStory(promptFor(storyBrief({ task: "chat", latest: STORY, length, chatStyle }), question), seed);

const QUESTIONS = ["What should happen next?", "Tell me about Kael", "is my pacing ok?", "title ideas?"];
const STYLES = ["classic", "muse", "editor", "mentor"] as const;

describe("offline chat: response length", () => {
  it("answers short < medium < long for every style and kind of question", () => {
    for (const style of STYLES) {
      for (const question of QUESTIONS) {
        const words = (length: ResponseLength) => wordCount(chat(question, length, style));
        expect(words("short"), `${style}: ${question}`).toBeLessThan(words("medium"));
        expect(words("medium"), `${style}: ${question}`).toBeLessThan(words("long"));
      }
    }
  });

  it("keeps a short answer to its gist and gives a long one a 'going further' part", () => {
    const short = chat("What should happen next?", "short");
    expect(wordCount(short)).toBeLessThanOrEqual(70);
    expect(short).toMatch(/^1\. /m);
    expect(short).not.toMatch(/^3\. /m);
    expect(chat("What should happen next?", "long")).toContain("Going further:");
    expect(chat("What should happen next?", "medium")).not.toContain("Going further:");
  });

  it("shortens to a lead-in with two list items, or a few sentences", () => {
    expect(shorten("Ideas:\n\n1. One\n2. Two\n3. Three\n\nSay more.")).toBe("Ideas:\n\n1. One\n2. Two");
    const long = Array.from({ length: 20 }, (_, i) => `Sentence ${i} has five words.`).join(" ");
    expect(wordCount(shorten(long))).toBeLessThanOrEqual(60);
    expect(shorten(long)).toMatch(/^Sentence 0 .*\.$/);
  });
});

describe("offline chat: chat styles", () => {
  const question = "What should happen next?";

  it("classic is Marin's own answer (the same as no style named)", () => {
    expect(chat(question, "medium", "classic")).toBe(chat(question, "medium", null));
    expect(chat(question, "medium", "classic")).not.toMatch(/What if|Editor’s notes|Why this works/);
  });

  it("muse adds playful what-ifs, more of them for a longer answer", () => {
    const whatIfs = (length: ResponseLength) => (chat(question, length, "muse").match(/^\d\. What if /gm) ?? []).length;
    expect(whatIfs("short")).toBe(1);
    expect(whatIfs("medium")).toBe(3);
    expect(whatIfs("long")).toBe(5);
    expect(chat(question, "medium", "muse")).toContain("Aria");
  });

  it("editor leads with a candid numbered list of notes drawn from the story", () => {
    const text = chat(question, "medium", "editor");
    expect(text).toMatch(/^Editor’s notes, candidly:\n\n1\. .+\n2\. .+\n3\. .+/);
    expect(text).toContain("dialogue carries about 50% of the paragraphs");
    expect(text).toContain("On your question:");
    const empty = tellStory(promptFor(storyBrief({ task: "chat", chatStyle: "editor" }), question), 3);
    expect(empty).toContain("There’s no story text yet");
  });

  it("mentor explains why its advice works", () => {
    expect(chat(question, "medium", "mentor")).toMatch(/\n\nWhy this works: \S/);
    expect(chat("Tell me about Kael", "medium", "mentor")).toMatch(/Why this works: .*(want|habit|refuses)/);
  });

  it("keeps identity and help answers plain in every style", () => {
    expect(chat("how do I use you?", "medium", "editor")).toBe(chat("how do I use you?", "medium", "classic"));
  });

  it("is deterministic for a seed, and the styles differ from each other", () => {
    const answers = STYLES.map((style) => chat(question, "medium", style, 9));
    expect(STYLES.map((style) => chat(question, "medium", style, 9))).toEqual(answers);
    expect(new Set(answers).size).toBe(4);
  });
});

describe("offline chat: the options travel through the built prompt", () => {
  it("reads the length and the style the prompt builder wrote", () => {
    const answer = (length: ResponseLength, chatStyle: ChatStyle) => {
      const built = buildPrompt({
        task: "chat",
        story: null,
        context: { title: "Salt and Thorns", currentContent: `<p>${STORY.replace(/\n\n/g, "</p><p>")}</p>` },
        messages: [{ role: "user", content: "What should happen next?" }],
        length,
        chatStyle,
        premium: true,
        memory: null,
      });
      return tellStory(
        [
          { role: "system", content: built.system },
          { role: "user", content: [{ type: "text", text: "What should happen next?" }] },
        ],
        5,
      );
    };
    expect(answer("medium", "muse")).toContain("What if ");
    expect(answer("medium", "editor")).toContain("Editor’s notes");
    expect(wordCount(answer("short", "classic"))).toBeLessThan(wordCount(answer("long", "classic")));
  });
});
