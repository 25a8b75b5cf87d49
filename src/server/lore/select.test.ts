// The lorebook's selection on its own: whole-word keys in any case, most recent mention first, within the budget.
import { describe, expect, it } from "vitest";
import { loreLine } from "../ai/context-block";
import { buildPrompt } from "../ai/prompt";
import { parseContextBlock } from "../ai/context-block";
import { proposalFor } from "./proposals";
import { LORE_BUDGET_CHARS, type LoreCandidate, RECENT_TEXT_CHARS, selectLore } from "./select";

let nextId = 0;
const entry = (name: string, keys: string[] = [], description = `About ${name}.`): LoreCandidate => ({
  id: ++nextId,
  kind: "character",
  name,
  keys,
  description,
  source: "story",
});

describe("selectLore", () => {
  it("matches the name or a key as whole words in any case, and says which key matched where", () => {
    const pip = entry("Pip Marlow", ["the Fox"]);
    const ren = entry("Ren");
    const mika = entry("Mika");
    const { chosen } = selectLore([pip, ren, mika], {
      story: "Rain fell on the harbour. THE FOX slipped past the guards; Renata watched.",
      request: "What would mika do next?",
    });
    expect(chosen.map((c) => [c.name, c.key, c.where])).toEqual([
      ["Mika", "Mika", "request"],
      ["Pip Marlow", "the Fox", "story"],
    ]);
  });

  it("orders by the most recent mention, the request being the most recent of all", () => {
    const a = entry("Aria");
    const k = entry("Kael", ["the smuggler"]);
    const t = entry("Thorn Keep");
    const { chosen } = selectLore([a, k, t], {
      story: "Aria ran to Thorn Keep. The smuggler was waiting. Aria drew her sword.",
      request: "Describe Thorn Keep at night",
    });
    expect(chosen.map((c) => c.name)).toEqual(["Thorn Keep", "Aria", "Kael"]);
    expect(chosen[0]!.where).toBe("request");
  });

  it("reads only the end of a long story as recent text, and no key matches across story and request", () => {
    const old = entry("Ghost");
    const pair = entry("Pip Marlow");
    const story = `Ghost. ${"word ".repeat(RECENT_TEXT_CHARS / 5 + 10)} Pip`;
    expect(selectLore([old, pair], { story, request: "Marlow said hello" }).chosen).toEqual([]);
  });

  it("keeps 500 entries that all match within the budget, most recent first, and counts the rest", () => {
    const entries = Array.from({ length: 500 }, (_, i) => entry(`Name${i}`, [`alias${i}`], "x".repeat(900)));
    const story = entries.map((e) => e.name).join(" ");
    const { chosen, leftOut } = selectLore(entries, { story, request: "" });
    const used = chosen.reduce((sum, c) => sum + loreLine(c).length + 1, 0);
    expect(used).toBeLessThanOrEqual(LORE_BUDGET_CHARS);
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen[0]!.name).toBe("Name499");
    expect(chosen.length + leftOut).toBe(500);
  });
});

describe("the prompt's lorebook", () => {
  it("carries the chosen entries to the model and lists them in the preview", () => {
    const built = buildPrompt({
      task: "chat",
      story: null,
      context: { currentContent: "<p>Pip hid the key under the floorboards.</p>" },
      messages: [{ role: "user", content: "Where is the key now?" }],
      premium: false,
      memory: null,
      lore: [
        entry("Pip Marlow", ["Pip"], "A thief, sister of Mika."),
        entry("The Brass Key", ["key"], "Opens the vault."),
        entry("Unused"),
      ],
    });
    expect(built.system).toContain("<lorebook>\n- The Brass Key (character): Opens the vault.\n- Pip Marlow");
    expect(parseContextBlock(built.system).lore.map((l) => l.name)).toEqual(["The Brass Key", "Pip Marlow"]);
    expect(built.preview.summary).toContain("2 lorebook entries");
    expect(built.preview.lore).toEqual([
      { name: "The Brass Key", kind: "character", source: "story", key: "key", where: "request" },
      { name: "Pip Marlow", kind: "character", source: "story", key: "Pip", where: "story" },
    ]);
  });
});

describe("a proposal from story memory", () => {
  it("gives a two-word name its first name as a key and lists each detail once", () => {
    expect(
      proposalFor({ name: "Pip Marlow", traits: ["Thief", "thief", "quick"], relationships: ["sister of Mika"] }),
    ).toEqual({
      name: "Pip Marlow",
      kind: "character",
      keys: ["Pip"],
      description: "Thief, quick, sister of Mika.",
    });
  });
});
