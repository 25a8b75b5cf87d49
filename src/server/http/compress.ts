// Brotli and gzip for what the server compresses itself (answers the read cache keeps, public pages, stored
// versions), with the compressor's window sized to the input. The defaults reserve a 4 MB brotli window (and a
// 32 KB gzip one) whatever the input: under `npm start`'s malloc settings (decision 0012: MALLOC_MMAP_THRESHOLD_ of
// 128 KB) each call then maps and zeroes fresh pages, 169 µs for a 2.5 KB Discover answer against 39 µs with a
// window that fits it, and ~15% of the app's CPU on uncached Discover pages at a million works (decision 0081). A
// window at least as large as the input compresses exactly as well.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Encoding } from "./encoding";

const bitsFor = (bytes: number, min: number, max: number) =>
  Math.max(min, Math.min(max, Math.ceil(Math.log2(Math.max(1, bytes)))));

/** Brotli's window (BROTLI_PARAM_LGWIN, 10–24 bits) for an input of `bytes`. */
export const brotliWindowFor = (bytes: number) =>
  bitsFor(bytes, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_MAX_WINDOW_BITS);

/** `body` in `encoding`: brotli quality 5 or gzip level 6 (a few milliseconds for a long story, most of the best). */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  // NOTE: zlib's smallest usable window for gzip is 9 bits (8 is turned into 9 and misbehaves in old zlibs).
  return gzipSync(body, { level: 6, windowBits: bitsFor(body.length, 9, 15) });
}
