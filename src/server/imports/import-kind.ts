// Which converter a file goes to, by its extension; anything else is refused with a 415 before any work is done.
import { AppError } from "../app-error";

export type ImportKind = "docx" | "epub" | "md" | "html" | "txt";

const EXTENSIONS: Record<string, ImportKind> = {
  docx: "docx",
  epub: "epub",
  md: "md",
  markdown: "md",
  html: "html",
  htm: "html",
  xhtml: "html",
  txt: "txt",
  text: "txt",
};

export const IMPORT_TYPES_MESSAGE = "We can import .docx, .epub, .md, .html and .txt files.";

export function importKind(fileName: string): ImportKind {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const kind = extension ? EXTENSIONS[extension] : undefined;
  if (!kind)
    throw new AppError(415, "IMPORT_TYPE", `"${fileName}" is not a file we can import. ${IMPORT_TYPES_MESSAGE}`);
  return kind;
}
