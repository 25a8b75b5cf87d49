// Reading an uploaded zip (a .docx or an .epub) without trusting it: at most MAX_ENTRIES entries, and only the entries
// asked for, each counted against the import's text budget by its declared size before it is inflated and by its real
// bytes as they come (yauzl also checks each entry against its declared size), so a zip bomb stops at the cap instead
// of filling memory. Entries nobody asked for (images, fonts, a bloated styles part) are never inflated.
import yauzl from "yauzl";
import { ZipFile } from "yazl";
import { AppError } from "../app-error";
import type { FileTextBudget } from "./text-budget";

export const MAX_ENTRIES = 2_000;

export const badFile = (name: string, why: string) =>
  new AppError(400, "IMPORT_UNREADABLE", `We could not read "${name}": ${why}`);

const TOO_BIG = "it unpacks to more than we can import. Split it into smaller files.";

/** The wanted entries' bytes by name, or a 400 for a corrupt zip or too many entries, a 413 past the text budget. */
export async function readZip(
  budget: FileTextBudget,
  bytes: Buffer,
  wanted: (entryName: string) => boolean,
): Promise<Map<string, Buffer>> {
  const { name } = budget;
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
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(error instanceof AppError ? error : badFile(name, "the archive is damaged."));
    };
    zip.on("error", fail);
    zip.on("end", () => resolve(files));
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/") || !wanted(entry.fileName)) return zip.readEntry();
      if (entry.isEncrypted())
        return fail(badFile(name, "it is password-protected. Remove the password and try again."));
      try {
        budget.check(entry.uncompressedSize); // declared size first: cheap
      } catch (error) {
        return fail(error);
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const parts: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          try {
            budget.check(size);
          } catch (tooLong) {
            stream.destroy();
            return fail(tooLong);
          }
          parts.push(chunk);
        });
        stream.on("error", fail);
        stream.on("end", () => {
          if (failed) return;
          budget.charge(size);
          files.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** A stored (uncompressed) zip of the given entries, for a converter that insists on unpacking a zip itself. */
export function writeZip(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name, { compress: false });
  zip.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => parts.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(parts)));
    zip.outputStream.on("error", reject);
  });
}
