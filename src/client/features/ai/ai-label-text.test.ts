// The publish dialog's and the details page's sentence about the label, and the declarations a writer may choose.
import { describe, expect, it } from "vitest";
import { declarationChoices, effectiveDeclaration, labelSentence } from "./ai-label-text";

describe("labelSentence", () => {
  it.each([
    [0, "none", "Marin wrote none of this work."],
    [0.34, "none", "Marin wrote 34% of this work; it will be labelled AI-assisted"],
    [0.62, "none", "Marin wrote 62% of this work; it will be labelled AI-generated"],
    [0.5, "none", "Marin wrote 50% of this work; it will be labelled AI-generated"],
    [0.34, "generated", "Marin wrote 34% of this work; it will be labelled AI-generated"],
    [0, "assisted", "Marin wrote none of this work; it will be labelled AI-assisted"],
    [0.001, "none", "Marin wrote 1% of this work; it will be labelled AI-assisted"],
  ] as const)("share %d declared %s reads %j", (share, declaration, text) => {
    expect(labelSentence(1000, share, declaration)).toBe(text);
  });
});

describe("declarationChoices", () => {
  it("offers every declaration for a work Marin did not write", () => {
    expect(declarationChoices(1000, 0).map((c) => [c.label, c.disabledReason])).toEqual([
      ["None", null],
      ["AI-assisted", null],
      ["AI-generated", null],
    ]);
  });

  it("disables the declarations below the measured label, saying why", () => {
    const assisted = declarationChoices(1000, 0.34);
    expect(assisted[0]!.disabledReason).toBe("Marin wrote 34% of this work, so it is labelled at least AI-assisted");
    expect(assisted.slice(1).every((c) => c.disabledReason === null)).toBe(true);
    const generated = declarationChoices(1000, 0.62);
    expect(generated.map((c) => c.disabledReason !== null)).toEqual([true, true, false]);
  });

  it("raises a stored declaration to the measured label, never lowers one", () => {
    expect(effectiveDeclaration(1000, 0.34, "none")).toBe("assisted");
    expect(effectiveDeclaration(1000, 0.62, "assisted")).toBe("generated");
    expect(effectiveDeclaration(1000, 0.1, "generated")).toBe("generated");
    expect(effectiveDeclaration(1000, 0, "none")).toBe("none");
  });
});
