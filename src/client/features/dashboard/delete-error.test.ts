import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { deleteErrorDescription, UNPUBLISH_FIRST } from "./delete-error";

describe("deleteErrorDescription", () => {
  it("advises unpublishing first for a published story, by code or by message", () => {
    const byCode = new ApiError(409, JSON.stringify({ message: "Nope", code: "STORY_PUBLISHED" }), "Conflict");
    const byMessage = new ApiError(400, JSON.stringify({ error: "Unpublish the story before deleting it" }), "");
    expect(deleteErrorDescription(byCode)).toBe(UNPUBLISH_FIRST);
    expect(deleteErrorDescription(byMessage)).toBe(UNPUBLISH_FIRST);
  });

  it("passes the server's message through", () => {
    const error = new ApiError(404, JSON.stringify({ message: "Story not found", code: "NOT_FOUND" }), "Not Found");
    expect(deleteErrorDescription(error)).toBe("Story not found");
  });

  it("falls back to the status-and-body text, or the error's own message", () => {
    expect(deleteErrorDescription(new ApiError(502, "", "Bad Gateway"))).toBe("502: Bad Gateway");
    expect(deleteErrorDescription(new Error("Failed to fetch"))).toBe("Failed to fetch");
  });
});
