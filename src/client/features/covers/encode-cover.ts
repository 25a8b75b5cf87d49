// The crop output rule: JPEG from quality 0.9, down by 0.1 while above ~1 MB and above 0.1.
import {
  COVER_CROP_TARGET_BYTES,
  COVER_QUALITY_MIN,
  COVER_QUALITY_START,
  COVER_QUALITY_STEP,
} from "../../../shared/limits";

/** Encodes the cropped picture at a JPEG quality and returns a data URL (a canvas in the app, a fake in tests). */
export type JpegEncoder = (quality: number) => string | Promise<string>;

/** Decoded byte size of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(",");
  const base64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export interface EncodeOptions {
  targetBytes?: number;
  start?: number;
  step?: number;
  min?: number;
}

export interface EncodedCover {
  dataUrl: string;
  quality: number;
  bytes: number;
}

/**
 * Re-encodes until the result fits `targetBytes` or the quality reaches `min`; the last attempt is kept
 * even when it is still too large, so the server's 5MB check has the final word.
 */
export async function encodeWithinLimit(encode: JpegEncoder, options: EncodeOptions = {}): Promise<EncodedCover> {
  const {
    targetBytes = COVER_CROP_TARGET_BYTES,
    start = COVER_QUALITY_START,
    step = COVER_QUALITY_STEP,
    min = COVER_QUALITY_MIN,
  } = options;
  // NOTE: work in whole hundredths so 0.9 - 0.1 * 8 lands on 0.1 exactly instead of 0.09999999999999987.
  const toUnits = (q: number) => Math.round(q * 100);
  const minUnits = toUnits(min);
  let units = toUnits(start);
  let dataUrl = await encode(units / 100);
  while (dataUrlBytes(dataUrl) > targetBytes && units > minUnits) {
    units = Math.max(minUnits, units - toUnits(step));
    dataUrl = await encode(units / 100);
  }
  return { dataUrl, quality: units / 100, bytes: dataUrlBytes(dataUrl) };
}
