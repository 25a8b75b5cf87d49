import { describe, expect, it } from "vitest";
import { isChapterGeneration, proseToHtml, sceneBreaksAsDividers } from "./prose";

describe("model text to story HTML", () => {
  it("makes paragraphs, chapter headings, scene breaks and emphasis, and escapes the rest", () => {
    expect(proseToHtml("## Chapter 2: Bells\n\nRen ran to *the* <tower>.\n\n* * *\n\nLater.")).toBe(
      "<h2>Chapter 2: Bells</h2><p>Ren ran to <em>the</em> &lt;tower&gt;.</p><hr><p>Later.</p>",
    );
  });

  it("reads a chapter from a level-2 heading or a prompt that names one", () => {
    expect(isChapterGeneration("write more", "## Chapter 3\n\nText")).toBe(true);
    expect(isChapterGeneration("write the next chapter", "Text")).toBe(true);
    expect(isChapterGeneration("write more", "Text")).toBe(false);
  });
});

describe("scene breaks in stored HTML", () => {
  it("turns paragraphs holding only a scene break into dividers and leaves other text alone", () => {
    const html =
      '<p>Before.</p><p>* * *</p><p style="text-align: center">***</p><p>&nbsp;~~~&nbsp;</p><p>* not one</p>';
    expect(sceneBreaksAsDividers(html)).toBe("<p>Before.</p><hr><hr><hr><p>* not one</p>");
  });
});
