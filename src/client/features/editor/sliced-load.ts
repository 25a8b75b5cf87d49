// Loading a long story into the editor a slice at a time (decision 0060). Building the whole document at once was one
// task of 150 ms on this machine for 5,000 words (600 ms on Lighthouse's throttled phone): parsing the HTML, building
// ProseMirror's nodes and drawing them. Here the HTML is parsed into DOM once, and its top-level blocks go into the
// editor a few thousand characters per task, so the page answers between slices. Cuts fall only between two block
// elements, where parsing the parts one by one gives exactly the document a single parse gives (sliced-load.test.ts).
import { type Editor, elementFromString } from "@tiptap/core";
import { DOMParser as ProseMirrorParser } from "@tiptap/pm/model";
import { EDITOR_PARSE_OPTIONS } from "./extensions";

/** About 10 ms of work per slice on a throttled phone (2–3 ms here). */
export const SLICE_CHARS = 2_000;

// NOTE: only elements that always stand alone as blocks: a cut before inline content (or a list item) would let the
// parser wrap each side in a paragraph (or a list) of its own.
const BLOCKS = new Set(["P", "H1", "H2", "H3", "H4", "H5", "H6", "BLOCKQUOTE", "UL", "OL", "HR", "SECTION", "DIV"]);

const isBlock = (node: ChildNode | undefined) => node?.nodeType === 1 && BLOCKS.has((node as Element).tagName);

/** Ranges of `body`'s child indices, each of at least `chars` characters of text (the last may be shorter). */
export function sliceRanges(body: HTMLElement, chars: number): [number, number][] {
  const nodes = body.childNodes;
  const ranges: [number, number][] = [];
  let from = 0;
  let size = 0;
  for (let i = 0; i < nodes.length; i++) {
    if (size >= chars && isBlock(nodes[i - 1]) && isBlock(nodes[i])) {
      ranges.push([from, i]);
      from = i;
      size = 0;
    }
    size += nodes[i]!.textContent?.length ?? 0;
  }
  if (nodes.length > from) ranges.push([from, nodes.length]);
  return ranges;
}

export interface SlicedLoadOptions {
  chars?: number;
  /** Runs the next slice later: a new task by default, so the browser can paint and answer in between. */
  later?: (step: () => void) => void;
}

const nextTask = (step: () => void) => void setTimeout(step, 0);

/**
 * Puts `html` in the editor: the first slice now (it replaces whatever the document held), the others in later tasks,
 * then calls `done`. None of it is an edit: no undo step, no update event (so no save), no trailing paragraph added
 * between slices. Returns a function that stops it; a stopped load can be started again from the beginning.
 */
export function loadInSlices(editor: Editor, html: string, done: () => void, options: SlicedLoadOptions = {}) {
  const { chars = SLICE_CHARS, later = nextTask } = options;
  const body = elementFromString(html);
  const ranges = sliceRanges(body, chars);
  const parser = ProseMirrorParser.fromSchema(editor.schema);
  let stopped = false;
  let index = 0;
  const put = (from: number | undefined, to: number | undefined, first: boolean) => {
    const part = parser.parse(body, { ...EDITOR_PARSE_OPTIONS, from, to }).content;
    const { tr } = editor.state;
    if (first) tr.replaceWith(0, tr.doc.content.size, part);
    else tr.insert(tr.doc.content.size, part);
    tr.setMeta("addToHistory", false).setMeta("preventUpdate", true).setMeta("skipTrailingNode", true);
    editor.view.dispatch(tr);
  };
  // The whole text in one go: an empty story (what parsing nothing gives), or a slice that failed.
  const whole = () => {
    put(undefined, undefined, true);
    done();
  };
  const step = () => {
    if (stopped || editor.isDestroyed) return;
    try {
      const [from, to] = ranges[index]!;
      put(from, to, index === 0);
    } catch (error) {
      console.error("Loading the story in slices failed; loading it whole", error);
      whole();
      return;
    }
    index++;
    if (index < ranges.length) later(step);
    else done();
  };
  if (ranges.length === 0) whole();
  else step();
  return () => {
    stopped = true;
  };
}
