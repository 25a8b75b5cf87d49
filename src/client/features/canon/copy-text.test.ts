import { describe, expect, it } from "vitest";
import type { CanonPack } from "../../../shared/schemas/canon";
import { copiedText } from "./copy-text";

const pack = { fandom: "Naruto" } as CanonPack;

describe("copiedText", () => {
  it("says what was copied, and what was skipped and why", () => {
    expect(copiedText({ pack, copied: 1, skipped: [] })).toEqual({
      title: "Copied 1 entry into your Naruto pack",
      description: undefined,
    });
    expect(
      copiedText({
        pack,
        copied: 0,
        skipped: [
          { name: "Pip", reason: "exists" },
          { name: "Docks", reason: "exists" },
          { name: "Key", reason: "full" },
        ],
      }),
    ).toEqual({
      title: "Nothing new for your Naruto pack",
      description: "Skipped what you already have: Pip, Docks. 1 entry did not fit: a pack holds 500.",
    });
  });
});
