import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { storyFieldErrors } from "./field-errors";

const answer = (status: number, body: object) => new ApiError(status, JSON.stringify(body), "");

describe("storyFieldErrors", () => {
  it("puts the server's field messages at the form's fields, nested paths under their field", () => {
    const error = answer(400, {
      message: "Setting can only contain letters",
      code: "VALIDATION",
      fields: { setting: "Setting can only contain letters", "tags.0": "Invalid option", version: "Too old" },
    });
    const formField = (key: string) => (key === "version" ? undefined : key);
    expect(storyFieldErrors(error, formField)).toEqual({
      setting: "Setting can only contain letters",
      tags: "Invalid option",
    });
  });

  it("shows a refused image at the cover, and nothing for other failures", () => {
    const image = answer(400, { message: "Cover image not found. Please upload it again.", code: "IMAGE_NOT_FOUND" });
    expect(storyFieldErrors(image)).toEqual({ coverImage: "Cover image not found. Please upload it again." });
    expect(storyFieldErrors(answer(500, { message: "Internal Server Error" }))).toEqual({});
    expect(storyFieldErrors(new Error("offline"))).toEqual({});
  });
});
