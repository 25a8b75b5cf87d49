// The delete failure toast: the server's message, or the unpublish-first advice.
import { ApiError, errorMessage } from "../../lib/api";

export const UNPUBLISH_FIRST = "Please unpublish the story first from the story editor, then try deleting again.";

export function deleteErrorDescription(error: unknown): string {
  if (error instanceof ApiError) {
    const { code, message, error: alt } = error.data;
    const serverMessage = message ?? (typeof alt === "string" ? alt : undefined);
    if (code === "STORY_PUBLISHED" || /unpublish/i.test(serverMessage ?? "")) return UNPUBLISH_FIRST;
    if (serverMessage) return serverMessage;
  }
  return errorMessage(error, "Something went wrong");
}
