// Cover images (POST /api/images, GET /api/images/:id): what the routes accept and answer.
import { z } from "zod";

/** An image's id is the hash of its bytes; anything else is not found. */
export const ImageParams = z.object({ id: z.string() });
export const ImageQuery = z.object({ size: z.enum(["full", "thumb"]).optional() });

/** POST /api/images: where the stored image and its thumbnail are served. */
export const UploadedImage = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type UploadedImage = z.infer<typeof UploadedImage>;
