// A .docx as HTML through mammoth. mammoth unpacks the whole zip itself, without a cap, so it never sees the upload:
// it gets a zip rebuilt from the parts it reads (the document, its relationships, styles, numbering, notes,
// comments), each unpacked here under the import's text budget. Images are left out; the sanitizer drops them anyway.
import type { FileTextBudget } from "./text-budget";
import { ZIP_MAGIC } from "./read-html";
import { badFile, readZip, writeZip } from "./safe-zip";

// An encrypted Office file (and an old .doc) is an OLE compound file, not a zip.
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const PARTS_READ = /^(?:\[Content_Types\]\.xml|_rels\/\.rels|word\/(?:_rels\/)?[^/]+\.(?:xml|rels))$/;

export async function docxToHtml(budget: FileTextBudget, bytes: Buffer): Promise<string> {
  const { name } = budget;
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw badFile(
      name,
      "it is password-protected or an old Word (.doc) file. Save it as .docx without a password and try again.",
    );
  }
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badFile(name, "it is not a Word (.docx) document.");
  const parts = await readZip(budget, bytes, (entry) => PARTS_READ.test(entry));
  if (!parts.has("word/document.xml")) throw badFile(name, "it is not a Word (.docx) document.");
  const small = await writeZip(parts);
  parts.clear();
  const mammoth = (await import("mammoth")).default;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: small },
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    );
    return result.value;
  } catch {
    throw badFile(name, "the document is damaged.");
  }
}
