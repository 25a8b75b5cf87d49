// What the server compresses itself: the window fits the input, nothing is lost, and nothing is larger than with the
// defaults' 4 MB window (a window at least as large as the input sees all of it).
import { randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { brotliWindowFor, compressBody } from "./compress";

const text = (bytes: number) => {
  const words = ["lantern", "crown", "the", "sea", "keeper", "drowned", "silent", "and", "\n<p>", "</p>"];
  let out = "";
  for (let i = 0; out.length < bytes; i++) out += `${words[(i * 7 + (i >> 3)) % words.length]} `;
  return Buffer.from(out.slice(0, bytes));
};

it("sizes brotli's window to the input, within brotli's 10 to 24 bits", () => {
  expect(brotliWindowFor(0)).toBe(10);
  expect(brotliWindowFor(2_500)).toBe(12);
  expect(brotliWindowFor(4_096)).toBe(12);
  expect(brotliWindowFor(4_097)).toBe(13);
  expect(brotliWindowFor(200_000_000)).toBe(24);
});

it("round-trips every size and compresses as well as the default window", () => {
  for (const size of [0, 1, 100, 2_500, 70_000, 3_000_000]) {
    const body = text(size);
    const br = compressBody(body, "br");
    const gz = compressBody(body, "gzip");
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    const defaultBr = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    expect(br.length).toBeLessThanOrEqual(defaultBr.length + 8);
    expect(gz.length).toBeLessThanOrEqual(gzipSync(body, { level: 6 }).length + 8);
  }
  const noise = randomBytes(50_000);
  expect(brotliDecompressSync(compressBody(noise, "br")).equals(noise)).toBe(true);
});
