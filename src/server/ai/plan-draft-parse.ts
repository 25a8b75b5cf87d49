// A planning draft as the board takes it: whatever the model wrote (numbered or bulleted lines, a label, one long
// paragraph) shaped into a synopsis, a list of chapter titles or a list of beats, within the board's limits.
import { PLAN_LIMITS, type PlanLevel } from "../../shared/schemas/plan";

const LABEL = /^(?:synopsis|outline|beats?(?: for chapter \d+)?)\s*:\s*/i;
/** '1.', '1)', '- ', '* ', '• ', 'Chapter 3:', '**' around a line. */
const BULLET = /^(?:[-*•]\s+|\d{1,3}[.)]\s*|chapter\s+\d{1,3}\s*[:.\-–—]\s*)/i;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function cleanLine(line: string): string {
  let text = line
    .replace(/\*\*|__/g, "")
    .replace(/^#+\s*/, "")
    .trim();
  for (let i = 0; i < 2 && BULLET.test(text); i++) text = text.replace(BULLET, "").trim();
  return text.replace(/\s+/g, " ");
}

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !LABEL.test(line) && !/^#+\s*$/.test(line))
    .map(cleanLine)
    .filter(Boolean);
}

/** One paragraph written where lines were asked for: its sentences become the lines. */
function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z"“])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function listOf(text: string): string[] {
  const found = lines(text);
  return found.length === 1 ? sentences(found[0]!) : found;
}

export function parsePlanDraft(
  level: PlanLevel,
  raw: string,
  count: number | null,
): { synopsis: string | null; chapters: string[] | null; beats: string[] | null } {
  const text = raw.trim();
  if (level === "synopsis") {
    const synopsis = text
      .replace(LABEL, "")
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join("\n\n");
    return { synopsis: clip(synopsis, PLAN_LIMITS.synopsisChars), chapters: null, beats: null };
  }
  if (level === "outline") {
    const titles = listOf(text)
      .slice(0, count ?? PLAN_LIMITS.chapters)
      .map((title) => clip(title, PLAN_LIMITS.titleChars));
    return { synopsis: null, chapters: titles, beats: null };
  }
  const beats = listOf(text)
    .slice(0, PLAN_LIMITS.beatsPerChapter)
    .map((beat) => clip(beat, PLAN_LIMITS.beatChars));
  return { synopsis: null, chapters: null, beats };
}
