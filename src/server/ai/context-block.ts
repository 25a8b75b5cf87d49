// The story context as the prompt carries it: labelled lines inside <story_context>, the lorebook entries chosen for
// this request inside <lorebook>, the story text inside <story_so_far>, the selection inside <selection>. The prompt builder writes it (formatContextBlock) for every
// model; the offline storyteller reads it back (parseContextBlock), so it works from exactly what a real model sees.

export type MarinTask = "chat" | "write" | "continue" | "rewrite";

/** A lorebook entry as the prompt carries it (lore/select.ts chooses them). */
export interface LoreNote {
  name: string;
  kind: string;
  description: string;
}

export interface MemoryCharacter {
  name: string;
  traits: string[];
  /** 'rival of Ren', 'sister of Mika' … */
  relationships: string[];
}

/** Everything the prompt says about the story, normalized. Lists are empty and texts null when unknown. */
export interface StoryBrief {
  task: MarinTask;
  title: string | null;
  leads: string[];
  supporting: string[];
  characterNotes: string | null;
  setting: string | null;
  plotIdeas: string | null;
  /** Theme labels ('Enemies to Lovers'). */
  themes: string[];
  /** Mood readings, strongest first; value 0–100, or null for a mood given as a plain tag. */
  moods: { name: string; value: number | null }[];
  fandoms: string[];
  /** Mature content allowed (premium user, story rated mature). */
  mature: boolean;
  /** Story memory (premium): characters and a running summary of earlier chapters. */
  memory: { characters: MemoryCharacter[]; summary: string | null } | null;
  /** The lorebook entries whose keys the recent text or the request mention, most recent first. */
  lore: LoreNote[];
  /** The story text the prompt carries: its beginning and its latest part (either may be empty). */
  beginning: string;
  latest: string;
  /** Words of story text left out between the two parts. */
  omittedWords: number;
  /** continue: the text just before the cursor. rewrite: the selected text. */
  before: string | null;
  selection: string | null;
  /** rewrite: the writer's instruction. */
  instruction: string | null;
  /** 'short' | 'medium' | 'long' */
  length: string;
  /** chat: Marin's voice, 'classic' | 'muse' | 'editor' | 'mentor'; null for the other tasks. */
  chatStyle: string | null;
}

const LIST = ", ";
const FIELD_LABELS = {
  task: "Task",
  title: "Title",
  leads: "Lead characters",
  supporting: "Supporting characters",
  characterNotes: "Character notes",
  setting: "Setting",
  plotIdeas: "Plot ideas",
  themes: "Themes",
  moods: "Mood",
  fandoms: "Fandoms",
  mature: "Content rating",
  length: "Response length",
  chatStyle: "Chat style",
  instruction: "Rewrite instruction",
  memoryCharacters: "Remembered characters",
  memorySummary: "Earlier chapters",
  omittedWords: "Words left out between the beginning and the latest part",
} as const;

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " / ").trim();
const moodLevel = (value: number) =>
  value >= 70 ? "strong" : value >= 40 ? "moderate" : value >= 15 ? "light" : "faint";

function moodText(mood: StoryBrief["moods"][number]): string {
  return mood.value === null ? mood.name : `${mood.name} ${mood.value}/100 (${moodLevel(mood.value)})`;
}

function characterText(c: MemoryCharacter): string {
  const details = [...c.traits, ...c.relationships];
  return details.length > 0 ? `${c.name} (${details.join("; ")})` : c.name;
}

/** One entry's line; what the lorebook's budget counts. */
export function loreLine(note: LoreNote): string {
  return `- ${note.name} (${note.kind}): ${oneLine(note.description)}`;
}

function parseLore(text: string | null): LoreNote[] {
  return (text ?? "")
    .split("\n")
    .map((line) => /^- (.*?) \((\w+)\): (.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ name: match[1]!, kind: match[2]!, description: match[3]! }));
}

/** Writes the brief as the prompt's context section. Empty fields are left out. */
export function formatContextBlock(brief: StoryBrief): string {
  const lines: string[] = [];
  const put = (label: string, value: string | null | undefined) => {
    if (value && value.trim() !== "") lines.push(`${label}: ${oneLine(value)}`);
  };
  put(FIELD_LABELS.task, brief.task);
  put(FIELD_LABELS.title, brief.title);
  put(FIELD_LABELS.leads, brief.leads.join(LIST));
  put(FIELD_LABELS.supporting, brief.supporting.join(LIST));
  put(FIELD_LABELS.characterNotes, brief.characterNotes);
  put(FIELD_LABELS.setting, brief.setting);
  put(FIELD_LABELS.plotIdeas, brief.plotIdeas);
  put(FIELD_LABELS.themes, brief.themes.join(LIST));
  put(FIELD_LABELS.moods, brief.moods.map(moodText).join(LIST));
  put(FIELD_LABELS.fandoms, brief.fandoms.join(LIST));
  put(FIELD_LABELS.mature, brief.mature ? "mature (adult content allowed)" : "general audiences");
  put(FIELD_LABELS.length, brief.length);
  put(FIELD_LABELS.chatStyle, brief.chatStyle);
  put(FIELD_LABELS.instruction, brief.instruction);
  if (brief.memory) {
    put(FIELD_LABELS.memoryCharacters, brief.memory.characters.map(characterText).join(" | "));
    put(FIELD_LABELS.memorySummary, brief.memory.summary);
  }
  if (brief.omittedWords > 0) put(FIELD_LABELS.omittedWords, String(brief.omittedWords));
  const sections = [`<story_context>\n${lines.join("\n")}\n</story_context>`];
  if (brief.lore.length > 0) sections.push(`<lorebook>\n${brief.lore.map(loreLine).join("\n")}\n</lorebook>`);
  const story = [brief.beginning, brief.latest].filter((part) => part.trim() !== "");
  if (story.length > 0) {
    const gap = brief.omittedWords > 0 ? `\n[… ${brief.omittedWords} words left out …]\n` : "\n";
    sections.push(`<story_so_far>\n${story.join(gap)}\n</story_so_far>`);
  }
  if (brief.before) sections.push(`<text_before_cursor>\n${brief.before}\n</text_before_cursor>`);
  if (brief.selection) sections.push(`<selection>\n${brief.selection}\n</selection>`);
  return sections.join("\n\n");
}

function section(text: string, tag: string): string | null {
  // NOTE: a section starts a line; the task line names the tags mid-sentence ("the text in <selection>").
  const match = new RegExp(`(?:^|\\n)<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(text);
  return match ? match[1]! : null;
}

const splitList = (value: string | undefined, separator = LIST) =>
  value
    ? value
        .split(separator)
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

function parseMood(text: string): StoryBrief["moods"][number] {
  const match = /^(.*?) (\d{1,3})\/100/.exec(text);
  return match ? { name: match[1]!, value: Number(match[2]) } : { name: text, value: null };
}

function parseCharacter(text: string): MemoryCharacter {
  const match = /^(.*?) \((.*)\)$/.exec(text);
  if (!match) return { name: text, traits: [], relationships: [] };
  const details = match[2]!.split("; ");
  const isRelationship = (d: string) => / of | with | to /.test(d);
  return {
    name: match[1]!,
    traits: details.filter((d) => !isRelationship(d)),
    relationships: details.filter(isRelationship),
  };
}

/** Reads a brief back from a prompt (the system message, or all prompt text joined). Missing parts are empty. */
export function parseContextBlock(prompt: string): StoryBrief {
  const fields = new Map<string, string>();
  for (const line of (section(prompt, "story_context") ?? "").split("\n")) {
    const at = line.indexOf(": ");
    if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
  }
  const get = (key: keyof typeof FIELD_LABELS) => fields.get(FIELD_LABELS[key]);
  const story = section(prompt, "story_so_far") ?? "";
  const [beginning, latest] = story.split(/\n\[… \d+ words left out …\]\n/);
  const memoryCharacters = splitList(get("memoryCharacters"), " | ").map(parseCharacter);
  const memorySummary = get("memorySummary") ?? null;
  const task = get("task");
  return {
    task: task === "write" || task === "continue" || task === "rewrite" ? task : "chat",
    title: get("title") ?? null,
    leads: splitList(get("leads")),
    supporting: splitList(get("supporting")),
    characterNotes: get("characterNotes") ?? null,
    setting: get("setting") ?? null,
    plotIdeas: get("plotIdeas") ?? null,
    themes: splitList(get("themes")),
    moods: splitList(get("moods")).map(parseMood),
    fandoms: splitList(get("fandoms")),
    mature: (get("mature") ?? "").startsWith("mature"),
    memory:
      memoryCharacters.length > 0 || memorySummary ? { characters: memoryCharacters, summary: memorySummary } : null,
    lore: parseLore(section(prompt, "lorebook")),
    beginning: latest === undefined ? "" : (beginning ?? ""),
    latest: latest ?? beginning ?? "",
    omittedWords: Number(get("omittedWords") ?? 0),
    before: section(prompt, "text_before_cursor"),
    selection: section(prompt, "selection"),
    instruction: get("instruction") ?? null,
    length: get("length") ?? "medium",
    chatStyle: get("chatStyle") ?? null,
  };
}
