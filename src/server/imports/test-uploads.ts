// Uploads for the import tests and the import bench: a multipart body, zips made with yazl (crafted bombs are
// compressed in memory, never written to disk), an EPUB around given chapter bytes, a .docx with a part replaced.
import { randomBytes } from "node:crypto";
import yauzl from "yauzl";
import { ZipFile } from "yazl";

export interface Part {
  name: string;
  bytes: Buffer;
}

export function multipart(parts: Part[]) {
  const boundary = `----ficforge${randomBytes(8).toString("hex")}`;
  const chunks = parts.flatMap(({ name, bytes }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    bytes,
    Buffer.from("\r\n"),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export function zip(files: Record<string, Buffer | string>, options: { stored?: string[] } = {}): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, data] of Object.entries(files)) {
    file.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name, {
      compress: !options.stored?.includes(name),
    });
  }
  file.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    file.outputStream.on("data", (d: Buffer) => parts.push(d));
    file.outputStream.on("end", () => resolve(Buffer.concat(parts)));
    file.outputStream.on("error", reject);
  });
}

/** Every entry of a (trusted, small) zip made by a test. */
export function unzip(bytes: Buffer): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const files: Record<string, Buffer> = {};
      file.on("end", () => resolve(files));
      file.on("entry", (entry: yauzl.Entry) =>
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const parts: Buffer[] = [];
          stream.on("data", (d: Buffer) => parts.push(d));
          stream.on("end", () => {
            files[entry.fileName] = Buffer.concat(parts);
            file.readEntry();
          });
        }),
      );
      file.readEntry();
    }),
  );
}

/** `size` bytes of `pattern` over and over. */
export const repeated = (pattern: string, size: number) => Buffer.alloc(size, pattern);

/** A minimal EPUB 3 whose spine is the given chapters (XHTML bytes). */
export function epubOf(chapters: Buffer[], title = "Crafted"): Promise<Buffer> {
  const items = chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`);
  const refs = chapters.map((_, i) => `<itemref idref="c${i}"/>`);
  return zip(
    {
      mimetype: "application/epub+zip",
      "META-INF/container.xml":
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
        '<rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      "OEBPS/book.opf":
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">' +
        `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title></metadata>` +
        `<manifest>${items.join("")}</manifest><spine>${refs.join("")}</spine></package>`,
      ...Object.fromEntries(chapters.map((bytes, i) => [`OEBPS/c${i}.xhtml`, bytes])),
    },
    { stored: ["mimetype"] },
  );
}

/** An XHTML page: the given body bytes between a head and a foot. */
export const xhtml = (body: Buffer) =>
  Buffer.concat([
    Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body><h2>One</h2>'),
    body,
    Buffer.from("</body></html>"),
  ]);

/** A .docx with one part replaced (e.g. a bloated word/styles.xml). */
export async function docxWithPart(docx: Buffer, part: string, bytes: Buffer): Promise<Buffer> {
  // Directory entries ("word/") carry no bytes, and some writers of .docx add them.
  const parts = Object.entries(await unzip(docx)).filter(([name]) => !name.endsWith("/"));
  return zip({ ...Object.fromEntries(parts), [part]: bytes });
}
