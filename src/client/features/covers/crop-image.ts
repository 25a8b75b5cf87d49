// Draws the chosen crop of a loaded <img> onto a canvas and encodes it as a JPEG data URL within ~1 MB.
import type { PixelCrop } from "react-image-crop";
import { encodeWithinLimit } from "./encode-cover";

/**
 * The longest side of the cropped output. NOTE: the spec only bounds bytes; a 6000 px photo would need
 * very low JPEG quality to fit 1 MB, so we scale it down first (the server bounds dimensions again).
 */
export const COVER_OUTPUT_MAX_SIDE = 1600;

/** `crop` is in the displayed image's pixels, as react-image-crop reports it. */
export async function cropToJpegDataUrl(image: HTMLImageElement, crop: PixelCrop): Promise<string> {
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const sourceWidth = Math.max(1, crop.width * scaleX);
  const sourceHeight = Math.max(1, crop.height * scaleY);
  const shrink = Math.min(1, COVER_OUTPUT_MAX_SIDE / Math.max(sourceWidth, sourceHeight));

  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(sourceWidth * shrink));
  canvas.height = Math.max(1, Math.round(sourceHeight * shrink));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  // JPEG has no transparency: a transparent PNG or GIF would otherwise turn black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(
    image,
    crop.x * scaleX,
    crop.y * scaleY,
    sourceWidth,
    sourceHeight,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const { dataUrl } = await encodeWithinLimit((quality) => canvas.toDataURL("image/jpeg", quality));
  return dataUrl;
}
