// Covers arrive inside JSON payloads as base64 data URLs; this turns one into bytes.
import { COVER_UPLOAD_MAX_BYTES } from "../../shared/limits";
import { AppError } from "../errors";
import { IMAGE_BAD_TYPE, IMAGE_TOO_LARGE } from "./process-image";

const DATA_URL_HEAD = /^data:[\w.+-]*\/?[\w.+-]*(?:;[\w.+-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const isDataUrl = (value: string) => value.slice(0, 5).toLowerCase() === "data:";

/** The decoded bytes; the declared type is ignored because processImage sniffs the bytes themselves. */
export function decodeDataUrl(value: string): Buffer {
  const head = DATA_URL_HEAD.exec(value.slice(0, 256));
  if (!head) throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  const payload = value.slice(head[0].length).replace(/\s+/g, "");
  // NOTE: checked before decoding so an oversized payload costs no second copy in memory.
  if (Math.floor((payload.length * 3) / 4) - 2 > COVER_UPLOAD_MAX_BYTES) {
    throw new AppError(413, "IMAGE_TOO_LARGE", IMAGE_TOO_LARGE);
  }
  if (!BASE64.test(payload)) throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  return Buffer.from(payload, "base64");
}
