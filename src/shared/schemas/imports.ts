// Issue 20 section 3: importing files as drafts (POST /api/imports, multipart, field name `files`).
import { z } from "zod";

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_FILES = 20;
export const IMPORT_ACCEPT = ".docx,.epub,.md,.markdown,.html,.htm,.txt";

/** 201: the new drafts' ids, in the order the files were sent. */
export const ImportResult = z.object({ ids: z.array(z.number().int()) });
export type ImportResult = z.infer<typeof ImportResult>;

// Text read from the files before any parser sees it: one part (a text file, an EPUB chapter, a part of a .docx), one
// file's parts together, and all the files of one request. A story is at most 2 MB of text; these leave room for
// markup (a .docx's XML is several times its words) and refuse a small file that unpacks to a flood.
export const IMPORT_TEXT_PART_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_TEXT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_TEXT_REQUEST_MAX_BYTES = 16 * 1024 * 1024;
