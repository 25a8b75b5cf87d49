// Issue 20 section 3: importing files as drafts (POST /api/imports, multipart, field name `files`).
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_FILES = 20;
export const IMPORT_ACCEPT = ".docx,.epub,.md,.markdown,.html,.htm,.txt";

/** 201: the new drafts' ids, in the order the files were sent. */
export interface ImportResult {
  ids: number[];
}
