import { describe, expect, it } from "vitest";
import { droppedCharactersHint, filterLongText, filterTitle, maximumReachedNote } from "./live-filter";

describe("live filtering", () => {
  it("strips disallowed characters from titles and keeps allowed punctuation", () => {
    expect(filterTitle("Hello <World>! #1").value).toBe("Hello World! 1");
    expect(filterTitle("It's a-b_c, d.e?").value).toBe("It's a-b_c, d.e?");
    expect(filterTitle("two\nlines").value).toBe("twolines");
  });

  it("cuts titles at 50 and reports the limit", () => {
    expect(filterTitle("a".repeat(49))).toEqual({ value: "a".repeat(49), atLimit: false, dropped: [] });
    expect(filterTitle("a".repeat(50))).toEqual({ value: "a".repeat(50), atLimit: true, dropped: [] });
    expect(filterTitle("a".repeat(60))).toEqual({ value: "a".repeat(50), atLimit: true, dropped: [] });
  });

  it("keeps line breaks in long text and cuts at 560", () => {
    expect(filterLongText("one\ntwo; three").value).toBe("one\ntwo three");
    expect(filterLongText("b".repeat(559)).atLimit).toBe(false);
    expect(filterLongText("b".repeat(561))).toEqual({ value: "b".repeat(560), atLimit: true, dropped: [] });
  });

  it("words the note as the spec does", () => {
    expect(maximumReachedNote(560)).toBe("Maximum 560 characters reached");
  });

  it("reports each dropped character once, in typing order", () => {
    expect(filterTitle("Chapter 1: Fall & Rise (again):").dropped).toEqual([":", "&", "(", ")"]);
    expect(filterTitle("two\nlines").dropped).toEqual(["\n"]);
    expect(filterLongText("two\nlines").dropped).toEqual([]);
    expect(filterTitle("Plain title").dropped).toEqual([]);
  });

  it("names what was left out and what is allowed", () => {
    expect(droppedCharactersHint([":"], "title")).toBe(
      "Left out “:”. Only letters, numbers, spaces and - _ . , ' ! ? are allowed.",
    );
    expect(droppedCharactersHint(["\n"], "title")).toBe(
      "Left out line breaks. Only letters, numbers, spaces and - _ . , ' ! ? are allowed.",
    );
    expect(droppedCharactersHint([":", "&", "(", ")"], "long")).toBe(
      "Left out “:” “&” “(” and more. Only letters, numbers, spaces, line breaks and - _ . , ' ! ? are allowed.",
    );
  });
});
