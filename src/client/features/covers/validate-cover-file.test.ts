// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { validateCoverFile } from "./validate-cover-file";

const MB = 1024 * 1024;
function fileOf(type: string, size: number, name = "cover"): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe("validateCoverFile in publish mode", () => {
  it("accepts any image up to 5MB", () => {
    expect(validateCoverFile(fileOf("image/webp", 5 * MB), "publish")).toBeNull();
    expect(validateCoverFile(fileOf("image/jpeg", 10), "publish")).toBeNull();
  });

  it("refuses a non-image", () => {
    expect(validateCoverFile(fileOf("text/plain", 10), "publish")).toEqual({
      title: "Invalid file type",
      description: "Please select an image file",
    });
  });

  it("refuses an image over 5MB", () => {
    expect(validateCoverFile(fileOf("image/png", 5 * MB + 1), "publish")).toEqual({
      title: "File too large",
      description: "Maximum file size is 5MB",
    });
  });
});

describe("validateCoverFile in strict mode", () => {
  it("accepts JPEG, PNG and GIF up to 5MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif"]) {
      expect(validateCoverFile(fileOf(type, 5 * MB), "strict")).toBeNull();
    }
  });

  it("refuses other images and non-images", () => {
    for (const type of ["image/webp", "image/svg+xml", "application/pdf", ""]) {
      expect(validateCoverFile(fileOf(type, 10), "strict")).toEqual({
        title: "Invalid file type",
        description: "Please upload a valid image (JPEG, PNG, or GIF)",
      });
    }
  });

  it("refuses a file over 5MB", () => {
    expect(validateCoverFile(fileOf("image/gif", 5 * MB + 1), "strict")).toEqual({
      title: "File too large",
      description: "Image size must be less than 5MB",
    });
  });
});
