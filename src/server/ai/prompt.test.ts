// The built prompt: it names the story's people, place and moods, keeps the story's beginning and latest part
// within budget, gates mature content, and previews exactly the context the model gets.
import { describe, expect, it } from "vitest";
import { parseContextBlock } from "./context-block";
import { buildPrompt, messageChars, PROMPT_BUDGET_CHARS, type PromptRequest } from "./prompt";
import { excerptStory, storyHtmlToText } from "../content/plain-text";

const wizardStory = {
  title: "Ashes of Spring",
  characters: { lead: ["Stoic", "Sunbeam"], supporting: ["Bookworm"], description: "Ren, a knight. Mika, a healer." },
  setting: "A floating city above the clouds",
  plotIdeas: "A stolen crown",
  themes: ["enemies-to-lovers", "slow-burn"],
  moods: { romance: 80, angst: 30, humor: 55 },
  fandoms: ["Naruto"],
  content: "<h2>Chapter 1: The Fall</h2><p>Ren woke to bells.</p><p>Mika &amp; the crown were gone.</p>",
  rating: "general",
};

function request(overrides: Partial<PromptRequest> = {}): PromptRequest {
  return {
    task: "write",
    story: wizardStory,
    context: {},
    prompt: "Write the next chapter",
    premium: false,
    memory: null,
    ...overrides,
  };
}

const allText = (built: ReturnType<typeof buildPrompt>) => built.system.length + messageChars(built.messages);

describe("buildPrompt", () => {
  it("names the characters, the setting, the themes and the mood readings strongest first", () => {
    const built = buildPrompt(request());
    expect(built.system).toContain("You are Marin");
    expect(built.system).toContain("Lead characters: Stoic, Sunbeam");
    expect(built.system).toContain("Supporting characters: Bookworm");
    expect(built.system).toContain("Character notes: Ren, a knight. Mika, a healer.");
    expect(built.system).toContain("Setting: A floating city above the clouds");
    expect(built.system).toContain("Themes: Enemies to Lovers, Slow Burn");
    expect(built.system).toContain("Mood: Romance 80/100 (strong), Humor 55/100 (moderate), Angst 30/100 (light)");
    expect(built.system).toContain("Fandoms: Naruto");
    expect(built.system).toContain("## Chapter 1: The Fall\n\nRen woke to bells.\n\nMika & the crown were gone.");
    // A new chapter is numbered after the story's last one.
    expect(built.system).toContain("'## Chapter 2: '");
    expect(built.messages).toEqual([{ role: "user", content: "Write the next chapter" }]);
    // The offline storyteller reads back what a real model sees.
    const brief = parseContextBlock(built.system);
    expect(brief.leads).toEqual(["Stoic", "Sunbeam"]);
    expect(brief.moods[0]).toEqual({ name: "Romance", value: 80 });
  });

  it("takes the editor's newer text over the saved content, and the storyContext when no story is named", () => {
    const newer = buildPrompt(request({ context: { currentContent: "<p>Newer words from the editor.</p>" } }));
    expect(newer.system).toContain("Newer words from the editor.");
    expect(newer.system).not.toContain("Ren woke to bells.");
    const unsaved = buildPrompt(
      request({
        story: null,
        context: { title: "Draft", setting: "A lighthouse", moods: ["angst", "cozy"], themes: ["adventure"] },
      }),
    );
    expect(unsaved.system).toContain("Setting: A lighthouse");
    expect(unsaved.system).toContain("Mood: Angst, cozy");
    expect(unsaved.system).toContain("Themes: Adventure");
    expect(unsaved.system).toContain("start with the heading '## Chapter 1: '");
  });

  it("previews exactly the context block the model gets, with a one-line summary", () => {
    const built = buildPrompt(request());
    expect(built.system.endsWith(built.preview.text)).toBe(true);
    expect(built.preview.text.startsWith("<story_context>")).toBe(true);
    expect(built.preview.summary).toBe("3 characters · setting · plot ideas · themes · moods · fandoms · all 13 words");
  });

  it("keeps a 2 MB story within budget: its beginning and its latest part, cut at paragraph boundaries", () => {
    const paragraphs = Array.from(
      { length: 12_000 },
      (_, i) => `<p>Paragraph ${i} of the long story goes on here.</p>`,
    );
    paragraphs[0] = "<h2>Chapter 1: Where It Began</h2>";
    paragraphs[11_999] = "<p>The very latest line Ren spoke.</p>";
    paragraphs[0] += "<p>More of the opening.</p>".repeat(60_000);
    const html = paragraphs.join("");
    expect(html.length).toBeGreaterThan(2 * 1024 * 1024);
    const built = buildPrompt(request({ context: { currentContent: html } }));
    expect(allText(built)).toBeLessThanOrEqual(PROMPT_BUDGET_CHARS);
    const brief = parseContextBlock(built.system);
    expect(brief.beginning.startsWith("## Chapter 1: Where It Began")).toBe(true);
    expect(brief.latest.endsWith("The very latest line Ren spoke.")).toBe(true);
    for (const part of [...brief.beginning.split("\n\n"), ...brief.latest.split("\n\n")]) {
      expect(part).toMatch(
        /^(## Chapter 1: Where It Began|More of the opening\.|Paragraph \d+ of the long story goes on here\.|The very latest line Ren spoke\.)$/,
      );
    }
    expect(brief.omittedWords).toBeGreaterThan(100_000);
    expect(built.preview.summary).toMatch(/first [\d,]+ \+ last [\d,]+ words$/);
  });

  it("stays within budget with the longest request, history, selection and fields", () => {
    const long = "word ".repeat(4000);
    const chat = buildPrompt(
      request({
        task: "chat",
        context: { currentContent: long.repeat(50), setting: "x".repeat(2000), plotIdeas: "y".repeat(2000) },
        story: null,
        messages: Array.from(
          { length: 40 },
          (_, i) => ({ role: i % 2 ? "assistant" : "user", content: long }) as const,
        ),
      }),
    );
    expect(allText(chat)).toBeLessThanOrEqual(PROMPT_BUDGET_CHARS);
    expect(chat.messages.at(-1)).toEqual({ role: "user", content: long.slice(0, 4000) });
    expect(chat.messages[0]!.role).toBe("user");
    const rewrite = buildPrompt(request({ task: "rewrite", selection: "z".repeat(8000), instruction: "Darker" }));
    expect(allText(rewrite)).toBeLessThanOrEqual(PROMPT_BUDGET_CHARS);
    expect(rewrite.system).toContain("Rewrite instruction: Darker");
    expect(rewrite.system).toContain(`<selection>\n${"z".repeat(8000)}\n</selection>`);
  });

  it("allows mature content only for a premium user on a story that allows it", () => {
    const matureStory = { ...wizardStory, rating: "mature" };
    expect(buildPrompt(request({ premium: true, story: matureStory })).system).toContain("Content rating: mature");
    const nsfwTheme = { ...wizardStory, themes: ["nsfw"] };
    expect(buildPrompt(request({ premium: true, story: nsfwTheme })).system).toContain("Content rating: mature");
    expect(buildPrompt(request({ premium: false, story: matureStory })).system).toContain(
      "Content rating: general audiences",
    );
    expect(buildPrompt(request({ premium: true })).system).toContain("Content rating: general audiences");
  });

  it("puts story memory in a premium user's prompt only", () => {
    const memory = {
      characters: [{ name: "Ren", traits: ["stubborn"], relationships: ["rival of Mika"] }],
      summary: "Ren lost the crown.",
    };
    const premium = buildPrompt(request({ premium: true, memory }));
    expect(premium.system).toContain("Remembered characters: Ren (stubborn; rival of Mika)");
    expect(premium.system).toContain("Earlier chapters: Ren lost the crown.");
    expect(premium.preview.summary).toContain("story memory");
    expect(buildPrompt(request({ premium: false, memory })).system).not.toContain("Ren lost the crown.");
  });

  it("passes a premium length and chat style, and sizes the answer by task and length", () => {
    expect(buildPrompt(request({ length: "long" })).system).toContain("about 1200 words");
    expect(buildPrompt(request({ length: "long" })).maxOutputTokens).toBeGreaterThan(
      buildPrompt(request({ length: "short" })).maxOutputTokens,
    );
    const chat = buildPrompt(request({ task: "chat", messages: [{ role: "user", content: "Hi" }], chatStyle: "muse" }));
    expect(chat.system).toContain("Chat style: muse. Be playful and inventive");
    expect(parseContextBlock(chat.system)).toMatchObject({ chatStyle: "muse", length: "medium" });
    const cont = buildPrompt(request({ task: "continue", before: "She opened the door and" }));
    expect(cont.system).toContain("<text_before_cursor>\nShe opened the door and\n</text_before_cursor>");
  });
});

describe("Marin's options in the prompt", () => {
  const chat = (overrides: Partial<PromptRequest> = {}) =>
    buildPrompt(request({ task: "chat", messages: [{ role: "user", content: "Any ideas?" }], ...overrides }));

  it("gives each chat style its own instruction, classic by default, and carries it in the context block", () => {
    expect(chat().system).toContain("Chat style: classic. Marin's own friendly, balanced voice");
    expect(chat({ chatStyle: "editor" }).system).toContain("numbered list of notes on what works and what doesn't");
    expect(chat({ chatStyle: "mentor" }).system).toContain("explain why it works");
    expect(chat({ chatStyle: "muse" }).system).toContain("'What if …?' questions");
    for (const style of ["classic", "muse", "editor", "mentor"] as const) {
      expect(parseContextBlock(chat({ chatStyle: style }).system).chatStyle).toBe(style);
    }
    // A generation has no chat style: its voice is the story's.
    expect(parseContextBlock(buildPrompt(request()).system).chatStyle).toBeNull();
  });

  it("sizes chat answers and generations by the response length", () => {
    expect(chat({ length: "short" }).system).toContain("two or three sentences");
    expect(chat().system).toContain("about 150 words");
    expect(chat({ length: "long" }).system).toContain("about 300 words");
    expect(parseContextBlock(chat({ length: "short" }).system).length).toBe("short");
    expect(buildPrompt(request({ length: "short" })).system).toContain("about 250 words");
    expect(buildPrompt(request()).system).toContain("about 600 words");
    const tokens = (length: "short" | "medium" | "long") => chat({ length }).maxOutputTokens;
    expect(tokens("short")).toBeLessThan(tokens("medium"));
    expect(tokens("medium")).toBeLessThan(tokens("long"));
  });
});

describe("story text", () => {
  it("reads story HTML as prose", () => {
    expect(storyHtmlToText('<div class="generated-content"><p>A &lt;b&gt; &#8212; c</p><hr><p>d<br>e</p></div>')).toBe(
      "A <b> — c\n\n* * *\n\nd\ne",
    );
  });

  it("cuts one huge paragraph at sentence boundaries", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `Sentence number ${i} ends here.`).join(" ");
    const excerpt = excerptStory(text, 2000);
    expect(excerpt.beginning).toMatch(/^Sentence number 0 ends here\..*ends here\.$/);
    expect(excerpt.latest).toMatch(/^Sentence number \d+ ends here\..*Sentence number 4999 ends here\.$/);
    expect(excerpt.beginning.length + excerpt.latest.length).toBeLessThanOrEqual(2000);
    expect(excerpt.keptWords + excerpt.omittedWords).toBe(5000 * 5);
  });
});
