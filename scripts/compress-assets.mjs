// After the client build and prerender: writes a brotli (.br) and a gzip (.gz) copy beside every text file in
// dist/client worth compressing, so the server sends them without compressing per request (src/server/http).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const CLIENT_DIR = "dist/client";
const EXTENSIONS = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);
// Below about a kilobyte the saving is smaller than a packet and not worth a second file.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (EXTENSIONS.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

let before = 0;
let after = 0;
await Promise.all(
  [...files(CLIENT_DIR)].map(async (path) => {
    const content = readFileSync(path);
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A compressed copy that is not smaller would only cost bytes: the server then sends the file as it is.
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gzipped.length < content.length) writeFileSync(`${path}.gz`, gzipped);
    before += content.length;
    after += br.length;
  }),
);
console.log(`compressed ${CLIENT_DIR}: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as brotli`);
