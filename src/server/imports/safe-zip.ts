// Reading an uploaded zip (a .docx or an .epub) without trusting it: at most MAX_ENTRIES entries and MAX_TOTAL_BYTES
// uncompressed in all, counted as the bytes are inflated (yauzl also checks each entry against its declared size),
// so a zip bomb stops at the cap instead of filling memory.
import yauzl from "yauzl";
import { AppError } from "../errors";

export const MAX_ENTRIES = 2_000;
export const MAX_TOTAL_BYTES = 60 * 1024 * 1024;

export const badFile = (name: string, why: string) =>
  new AppError(400, "IMPORT_UNREADABLE", `We could not read "${name}": ${why}`);

const TOO_BIG = "it unpacks to more than we can import. Split it into smaller files.";

/** Every entry's bytes by name, or a 400 for a zip that is corrupt, too many entries or too big unpacked. */
export async function readZip(
  name: string,
  bytes: Buffer,
  wanted: (entryName: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, file) =>
      error ? reject(badFile(name, "it is not a valid file of its type (the archive is damaged).")) : resolve(file),
    ),
  );
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw badFile(name, TOO_BIG);
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: AppError) => {
      zip.close();
      reject(error);
    };
    zip.on("error", () => fail(badFile(name, "the archive is damaged.")));
    zip.on("end", () => resolve(files));
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/") || !wanted(entry.fileName)) return zip.readEntry();
      if (entry.isEncrypted())
        return fail(badFile(name, "it is password-protected. Remove the password and try again."));
      // Declared sizes first (cheap), then the real bytes as they come.
      if (total + entry.uncompressedSize > MAX_TOTAL_BYTES) return fail(badFile(name, TOO_BIG));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(badFile(name, "the archive is damaged."));
        const parts: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > MAX_TOTAL_BYTES) {
            stream.destroy();
            fail(badFile(name, TOO_BIG));
            return;
          }
          parts.push(chunk);
        });
        stream.on("error", () => fail(badFile(name, "the archive is damaged.")));
        stream.on("end", () => {
          files.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
