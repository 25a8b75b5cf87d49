// Model text to story HTML, the same on both sides: the client renders a stream as it arrives with it, and the
// server's final answer is built with it (then sanitized), so the streamed preview and the saved text match.
// Models write plain prose: paragraphs split by blank lines, '## Chapter 2' style headings, '* * *' scene breaks;
// Markdown emphasis (*x*, **x**) is common enough to honour. Everything else is text, escaped.

const SCENE_BREAK_LINE = /^\s*(?:\*(?:\s*\*){2,}|-{3,}|#{1,3}|~{3,}|~(?:\s+~){2,})\s*$/;
const HEADING = /^\s*(#{1,3})\s+(.+?)\s*#*\s*$/;
const CHAPTER_WORD = /\bchapter\b/i;

/** A line that is a writer's scene break ('* * *', '***', '#', '~~~', '---'). */
export function isSceneBreakText(text: string): boolean {
  return SCENE_BREAK_LINE.test(text);
}

/** Story HTML with paragraphs that hold only a scene break shown as dividers (text that arrived already written). */
export function sceneBreaksAsDividers(html: string): string {
  return html.replace(/<p(?:\s[^>]*)?>([^<]*)<\/p>/g, (paragraph, text: string) =>
    isSceneBreakText(text.replace(/&nbsp;|&#160;/g, " ")) ? "<hr>" : paragraph,
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);
}

/** Inline Markdown emphasis on escaped text: **bold**, *italic* / _italic_. Unclosed markers stay as typed. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(?=\S)([^*]+?)(?<=\S)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*(?=\S)([^*]+?)(?<=\S)\*(?![*\w])/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_(?=\S)([^_]+?)(?<=\S)_(?![_\w])/g, "$1<em>$2</em>");
}

export interface ProseBlock {
  kind: "paragraph" | "heading" | "break";
  /** 1–3 for headings; story text uses level 2 for chapters. */
  level?: number;
  text: string;
}

/** Splits model text into blocks. A trailing partial paragraph (mid-stream) is a block like any other. */
export function proseBlocks(text: string): ProseBlock[] {
  const blocks: ProseBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph.join(" ").replace(/\s+/g, " ").trim();
    if (joined) blocks.push({ kind: "paragraph", text: joined });
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.trim() === "") {
      flush();
      continue;
    }
    if (SCENE_BREAK_LINE.test(line)) {
      flush();
      blocks.push({ kind: "break", text: "" });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      // A model's top-level '# Title' is shown as a chapter-level heading: the story's title lives elsewhere.
      blocks.push({ kind: "heading", level: Math.max(2, heading[1]!.length), text: heading[2]!.replace(/\*+/g, "") });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Story HTML for model text: <p>, <h2>/<h3>, <hr>. */
export function proseToHtml(text: string): string {
  return proseBlocks(text)
    .map((block) => {
      if (block.kind === "break") return "<hr>";
      if (block.kind === "heading") return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
      return `<p>${inline(block.text)}</p>`;
    })
    .join("");
}

/**
 * Generated content is wrapped as a chapter separator when the reply has a level-2 heading or
 * the prompt mentions a chapter.
 */
export function isChapterGeneration(prompt: string, text: string): boolean {
  return CHAPTER_WORD.test(prompt) || proseBlocks(text).some((b) => b.kind === "heading" && b.level === 2);
}

/** The number in the first chapter heading ('Chapter 3: …' → 3), if any. */
export function chapterNumber(text: string): number | null {
  const heading = proseBlocks(text).find((b) => b.kind === "heading");
  const match = heading ? /\bchapter\s+(\d{1,4})\b/i.exec(heading.text) : null;
  return match ? Number(match[1]) : null;
}
