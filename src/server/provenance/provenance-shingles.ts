// The pure half of AI provenance (docs/ai-measurement.md): a text's words as hashes, the hashes of every window of
// SHINGLE_WORDS words, a delivery's fingerprint (its sorted unique window hashes) and the share of a story's words
// that lie in windows found in a writer's fingerprints. Words are compared, never markup or paragraphs.

/** Words per window: long enough that a writer's own sentence never matches by chance, short enough that a word
 * changed here and there leaves most of Marin's text covered (the table of cases in docs/ai-measurement.md). */
export const SHINGLE_WORDS = 8;
/** Matched windows only count in runs of this many in a row: one 32-bit hash colliding by chance is then not enough. */
export const MIN_RUN = 2;
/** The most words of one delivery fingerprinted (far above the model's longest answer): a bound on memory. */
export const MAX_FINGERPRINT_WORDS = 50_000;

const BASE = 0x01000193;
const FNV_OFFSET = 0x811c9dc5;

function fmix32(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

// Character classes of the BMP, built once: a word is a run of non-space characters with a letter or digit (the
// editor's word rule, shared/word-count.ts), compared by its letters, digits and marks only, lowercased, so "Don't"
// and "dont," are one word and a changed quote mark or comma changes nothing.
const OTHER = 0;
const SPACE = 1;
const LETTER = 2;
const MARK = 3;
const SPACE_RE = /\s/u;
const LETTER_RE = /[\p{L}\p{N}]/u;
const MARK_RE = /\p{M}/u;
const classify = (char: string) =>
  SPACE_RE.test(char) ? SPACE : LETTER_RE.test(char) ? LETTER : MARK_RE.test(char) ? MARK : OTHER;
let classes: Uint8Array | undefined;
let lower: Uint16Array | undefined;
function tables(): [Uint8Array, Uint16Array] {
  if (!classes || !lower) {
    classes = new Uint8Array(0x10000);
    lower = new Uint16Array(0x10000);
    for (let c = 0; c < 0x10000; c++) {
      const char = String.fromCharCode(c);
      classes[c] = c >= 0xd800 && c < 0xe000 ? OTHER : classify(char);
      const low = char.toLowerCase();
      lower[c] = low.length === 1 ? low.charCodeAt(0) : c;
    }
  }
  return [classes, lower];
}

// Elements that end a run of text, as the editor's blocks do (content/story-text.ts); inline marks do not.
const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "blockquote", "div"]);
for (const tag of ["section", "hr", "br"]) BLOCK_TAGS.add(tag);
const NAMED: Record<string, number> = { amp: 38, lt: 60, gt: 62, quot: 34, apos: 39, nbsp: 160 };

/**
 * Each word's 32-bit hash (FNV-1a over its lowercase letters, digits and marks), at most `max` words. With `html`,
 * the text is the sanitizer's HTML: tags are skipped (a block element or `<br>` ends a word, an inline mark does
 * not) and character references read as their characters: the same words storyBlocks gives, in one pass.
 */
export function wordHashes(text: string, { html = false, max = Number.POSITIVE_INFINITY } = {}): Uint32Array {
  const [cls, low] = tables();
  let out: Uint32Array = new Uint32Array(Math.min(max, 1024));
  let n = 0;
  let h = FNV_OFFSET;
  // 0: between words, 1: in a word without a letter or digit yet, 2: in a word that counts.
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    let kind: number;
    if (c < 128 && !(html && (c === 60 || c === 38))) {
      kind = cls[c]!;
      if (c >= 65 && c <= 90) c += 32;
    } else if (html && c === 60) {
      const close = text.indexOf(">", i);
      if (close < 0) break;
      kind = blockTag(text, i + 1) ? SPACE : -1;
      i = close;
    } else if (html && c === 38) {
      const semi = text.indexOf(";", i);
      const code = semi > i && semi - i <= 10 ? entityCode(text.slice(i + 1, semi)) : undefined;
      if (code === undefined) kind = OTHER;
      else {
        i = semi;
        kind = code < 0x10000 ? cls[code]! : classify(String.fromCodePoint(code));
        c = code < 0x10000 ? low[code]! : code & 0xffff;
      }
    } else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const point = text.codePointAt(i)!;
      i++;
      kind = classify(String.fromCodePoint(point));
      c = point & 0xffff;
    } else {
      kind = cls[c]!;
      c = low[c]!;
    }
    if (kind === -1) continue;
    if (kind === SPACE) {
      if (state === 2) {
        if (n === out.length) out = grow(out, max);
        out[n++] = h >>> 0;
        if (n >= max) return out.subarray(0, n);
      }
      h = FNV_OFFSET;
      state = 0;
      continue;
    }
    if (state === 0) state = 1;
    if (kind === OTHER) continue;
    if (kind === LETTER) state = 2;
    h = Math.imul(h ^ c, BASE);
  }
  if (state === 2 && n < max) {
    if (n === out.length) out = grow(out, max);
    out[n++] = h >>> 0;
  }
  return out.subarray(0, n);
}

function grow(out: Uint32Array, max: number): Uint32Array {
  const grown = new Uint32Array(Math.min(max, out.length * 2));
  grown.set(out);
  return grown;
}

/** Whether the tag starting after '<' at `from` (opening or closing) is a block element or `<br>`. */
function blockTag(text: string, from: number): boolean {
  let i = text.charCodeAt(from) === 47 ? from + 1 : from;
  let name = "";
  for (; i < text.length && name.length < 12; i++) {
    const c = text.charCodeAt(i) | 32;
    if ((c < 97 || c > 122) && (c < 48 || c > 57)) break;
    name += String.fromCharCode(c);
  }
  return BLOCK_TAGS.has(name);
}

function entityCode(ref: string): number | undefined {
  const code =
    ref[0] === "#"
      ? ref[1] === "x" || ref[1] === "X"
        ? Number.parseInt(ref.slice(2), 16)
        : Number.parseInt(ref.slice(1), 10)
      : NAMED[ref];
  return code === undefined || !Number.isFinite(code) || code < 0 || code > 0x10ffff ? undefined : code;
}

/** The hash of every window of `k` consecutive words (a polynomial of the word hashes, mixed), in order. */
export function windowHashes(words: Uint32Array, k = SHINGLE_WORDS): Uint32Array {
  if (words.length < k) return new Uint32Array(0);
  const out = new Uint32Array(words.length - k + 1);
  // B^(k-1), to take the word leaving the window out of the rolling sum.
  let top = 1;
  for (let i = 1; i < k; i++) top = Math.imul(top, BASE);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + words[i]!) | 0;
  out[0] = fmix32(h);
  for (let i = k; i < words.length; i++) {
    h = (Math.imul((h - Math.imul(words[i - k]!, top)) | 0, BASE) + words[i]!) | 0;
    out[i - k + 1] = fmix32(h);
  }
  return out;
}

export interface Fingerprint {
  words: number;
  /** Sorted unique window hashes, 4 bytes each, little-endian. */
  shingles: Buffer;
}

/** What is stored of a text Marin delivered: its word count and its windows' hashes, never the words. */
export function fingerprintOf(text: string): Fingerprint {
  const words = wordHashes(text, { max: MAX_FINGERPRINT_WORDS });
  const sorted = windowHashes(words).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  const buffer = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) buffer.writeUInt32LE(sorted[i]!, i * 4);
  return { words: words.length, shingles: buffer };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Stored shingles (little-endian) as signed 32-bit numbers: a view when aligned on a little-endian machine. */
function asInt32(bytes: Uint8Array): Int32Array {
  const n = bytes.byteLength >>> 2;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, n);
  if (LITTLE_ENDIAN) return new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + n * 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset, n * 4);
  return Int32Array.from({ length: n }, (_, i) => view.getInt32(i * 4, true));
}

/** A writer's fingerprints as one open-addressing hash set (the hashes are mixed already, so their low bits index). */
export class ShingleLookup {
  private readonly table: Int32Array;
  private readonly mask: number;
  private readonly hasZero: boolean;
  readonly size: number;

  constructor(fingerprints: readonly Uint8Array[]) {
    let total = 0;
    for (const f of fingerprints) total += f.byteLength >>> 2;
    let capacity = 16;
    while (capacity < total * 2) capacity *= 2;
    const table = new Int32Array(capacity);
    const mask = capacity - 1;
    let hasZero = false;
    let size = 0;
    for (const f of fingerprints) {
      // NOTE: as signed 32-bit integers, which V8 keeps unboxed (unsigned ones above 2^31 become doubles).
      const hashes = asInt32(f);
      for (let at = 0; at < hashes.length; at++) {
        const hash = hashes[at]!;
        // NOTE: 0 marks an empty slot, so the hash 0 is kept aside.
        if (hash === 0) {
          if (!hasZero) size++;
          hasZero = true;
          continue;
        }
        let slot = hash & mask;
        let v = table[slot]!;
        while (v !== 0 && v !== hash) {
          slot = (slot + 1) & mask;
          v = table[slot]!;
        }
        if (v === 0) {
          table[slot] = hash;
          size++;
        }
      }
    }
    this.table = table;
    this.mask = mask;
    this.hasZero = hasZero;
    this.size = size;
  }

  has(unsigned: number): boolean {
    const hash = unsigned | 0;
    if (hash === 0) return this.hasZero;
    const table = this.table;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const v = table[slot]!;
      if (v === hash) return true;
      if (v === 0) return false;
    }
  }
}

/**
 * How many of the words are covered by a window found in `lookup`, counting only runs of MIN_RUN matched windows in
 * a row. A word the writer typed inside Marin's text breaks every window over it, so it is never covered.
 */
export function coveredWords(words: Uint32Array, lookup: ShingleLookup, k = SHINGLE_WORDS): number {
  if (lookup.size === 0 || words.length < k) return 0;
  const windows = windowHashes(words, k);
  let covered = 0;
  // The end (exclusive) of the words already counted, so overlapping windows count each word once.
  let coveredTo = 0;
  let runStart = -1;
  const closeRun = (end: number) => {
    if (runStart >= 0 && end - runStart >= MIN_RUN) {
      const from = Math.max(runStart, coveredTo);
      const to = end - 1 + k;
      if (to > from) covered += to - from;
      coveredTo = Math.max(coveredTo, to);
    }
    runStart = -1;
  };
  for (let i = 0; i < windows.length; i++) {
    if (lookup.has(windows[i]!)) {
      if (runStart < 0) runStart = i;
    } else closeRun(i);
  }
  closeRun(windows.length);
  return covered;
}
