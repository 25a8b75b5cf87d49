// Image bytes and multipart bodies for the image and story tests (not shipped code).
import { randomBytes } from "node:crypto";
import sharp from "sharp";

export function solidImage(format: "jpeg" | "png" | "gif" | "webp", width = 64, height = 48, color = "#c33") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying a description and GPS coordinates in its EXIF block. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: "#36c" } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: "FicForge-secret-place" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .toBuffer();
}

/** Bytes that start like a PNG but run past the 5 MB cap. */
export const oversizedPng = (bytes = 6 * 1024 * 1024) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);

export const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

export function multipartFile(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----ficforge${randomBytes(8).toString("hex")}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
