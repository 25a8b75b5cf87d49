// Cover file checks (size, type) with the texts users see. The server checks again from the bytes.
import { COVER_UPLOAD_MAX_BYTES } from "../../../shared/limits";

export type CoverValidationMode = "publish" | "strict";

export interface CoverFileProblem {
  title: string;
  description: string;
}

/** The wizard and the details page accept only these types. */
export const STRICT_COVER_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export const STRICT_COVER_ACCEPT = STRICT_COVER_TYPES.join(",");

const STRICT_TYPE_MESSAGE = "Please upload a valid image (JPEG, PNG, or GIF)";
const STRICT_SIZE_MESSAGE = "Image size must be less than 5MB";

/**
 * `publish` (the publish dialog): any image up to 5MB. `strict` (wizard, details): JPEG, PNG or GIF up to 5MB.
 * Returns a toast's title and description, or null when the file is fine.
 */
export function validateCoverFile(file: File, mode: CoverValidationMode): CoverFileProblem | null {
  if (mode === "publish") {
    if (!file.type.startsWith("image/"))
      return { title: "Invalid file type", description: "Please select an image file" };
    if (file.size > COVER_UPLOAD_MAX_BYTES) return { title: "File too large", description: "Maximum file size is 5MB" };
    return null;
  }
  // NOTE: the spec gives strict mode one message per rule and no separate title; the message serves as both.
  if (!(STRICT_COVER_TYPES as readonly string[]).includes(file.type)) {
    return { title: "Invalid file type", description: STRICT_TYPE_MESSAGE };
  }
  if (file.size > COVER_UPLOAD_MAX_BYTES) return { title: "File too large", description: STRICT_SIZE_MESSAGE };
  return null;
}
