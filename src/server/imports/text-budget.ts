// How much text one import may hand to the parsers, counted before they run: each part, each file's parts together
// and the whole request's. A parser builds many times its input in memory, so the input is what must stay small.
import {
  IMPORT_TEXT_FILE_MAX_BYTES,
  IMPORT_TEXT_PART_MAX_BYTES,
  IMPORT_TEXT_REQUEST_MAX_BYTES,
} from "../../shared/schemas/imports";
import { AppError } from "../app-error";

export const tooLong = (name: string) =>
  new AppError(
    413,
    "IMPORT_TOO_LONG",
    `"${name}" is too long for one story. The limit is 2 MB of text: split it and import the parts.`,
  );

export const TOO_LONG_TOGETHER = "Your files are too long to import together. Import them a few at a time.";

export interface TextLimits {
  part: number;
  file: number;
  request: number;
}

export const TEXT_LIMITS: TextLimits = {
  part: IMPORT_TEXT_PART_MAX_BYTES,
  file: IMPORT_TEXT_FILE_MAX_BYTES,
  request: IMPORT_TEXT_REQUEST_MAX_BYTES,
};

/** One request's count; `forFile` starts each file's. */
export class TextBudget {
  used = 0;

  constructor(readonly limits: TextLimits = TEXT_LIMITS) {}

  forFile(name: string): FileTextBudget {
    return new FileTextBudget(name, this);
  }
}

export class FileTextBudget {
  private used = 0;

  constructor(
    readonly name: string,
    private readonly request: TextBudget,
  ) {}

  /** Throws a 413 when one more part of `bytes` would pass a cap: called with a declared size before inflating, and
   * with the bytes so far while inflating. */
  check(bytes: number): void {
    const { limits } = this.request;
    if (bytes > limits.part || this.used + bytes > limits.file) throw tooLong(this.name);
    if (this.request.used + bytes > limits.request) throw new AppError(413, "IMPORT_TOO_LONG", TOO_LONG_TOGETHER);
  }

  /** Counts a part that was read. */
  charge(bytes: number): void {
    this.check(bytes);
    this.used += bytes;
    this.request.used += bytes;
  }
}
