// Decodes, checks and re-encodes an uploaded image with sharp: metadata stripped, size bounded.
import { createHash } from "node:crypto";
import { COVER_UPLOAD_MAX_BYTES } from "../../shared/limits";
import { AppError } from "../errors";
import { loadSharp } from "./load-sharp";

export const MAX_COVER_SIDE = 1600;
export const THUMBNAIL_WIDTH = 360;

export const IMAGE_TOO_LARGE = "Image size must be less than 5MB";
export const IMAGE_BAD_TYPE = "Please upload a valid image (JPEG, PNG, or GIF)";

const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  { mime: "image/jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: "image/png",
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: "image/gif", test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString("latin1")) },
  {
    mime: "image/webp",
    test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** The type told by the bytes themselves, never by a file name or a header. */
export function sniffImageType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.test(bytes))?.mime;
}

export interface ProcessedImage {
  id: string;
  mimeType: string;
  width: number;
  height: number;
  data: Buffer;
  thumbnail: Buffer;
}

export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > COVER_UPLOAD_MAX_BYTES) throw new AppError(413, "IMAGE_TOO_LARGE", IMAGE_TOO_LARGE);
  if (!sniffImageType(bytes)) throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  const sharp = await loadSharp();
  try {
    // NOTE: sharp drops EXIF/GPS and other metadata unless asked to keep it; rotate() applies orientation first.
    // JPEG has no alpha: transparent PNG/GIF/WebP covers are laid on white, not sharp's default black.
    const base = sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
      .rotate()
      .flatten({ background: "#ffffff" });
    const { data, info } = await base
      .clone()
      .resize({ width: MAX_COVER_SIDE, height: MAX_COVER_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await base
      .clone()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    const id = createHash("sha256").update(data).digest("hex").slice(0, 32);
    return { id, mimeType: "image/jpeg", width: info.width, height: info.height, data, thumbnail };
  } catch {
    throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  }
}

/** Where an image is served; null for no image (a story without a cover). */
export function imageUrl(id: string, size?: "full" | "thumb"): string;
export function imageUrl(id: string | null | undefined, size?: "full" | "thumb"): string | null;
export function imageUrl(id: string | null | undefined, size: "full" | "thumb" = "full"): string | null {
  return id ? `/api/images/${id}${size === "thumb" ? "?size=thumb" : ""}` : null;
}
