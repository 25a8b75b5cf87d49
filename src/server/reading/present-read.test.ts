import { describe, expect, it } from "vitest";
import { normalizeStoryFields } from "../../shared/story-fields";
import { spliceViewerState, VIEWER_STATE_SUFFIX } from "./present-read";

describe("spliceViewerState", () => {
  const shared = `{"id":1,"content":"<p>é</p>",${VIEWER_STATE_SUFFIX}`;

  it("puts the viewer's flags into a string or a buffer without parsing it", () => {
    const state = { liked: true, bookmarked: false };
    const expected = `{"id":1,"content":"<p>é</p>","liked":true,"bookmarked":false}`;
    expect(spliceViewerState(shared, state)).toBe(expected);
    expect(spliceViewerState(Buffer.from(shared), state).toString()).toBe(expected);
    expect(JSON.parse(String(spliceViewerState(shared, { liked: false, bookmarked: true })))).toMatchObject({
      liked: false,
      bookmarked: true,
    });
  });

  it("leaves bodies that do not end in the shared suffix alone", () => {
    const error = '{"message":"Story not found or not published","code":"NOT_FOUND"}';
    expect(spliceViewerState(error, { liked: true, bookmarked: true })).toBe(error);
    expect(spliceViewerState(Buffer.from("x"), { liked: true, bookmarked: true }).toString()).toBe("x");
  });
});

describe("fandoms as readers get them", () => {
  const fandoms = (value: string[] | string | null) => normalizeStoryFields({ fandoms: value }).fandoms;
  it("turns either stored shape into a deduplicated list", () => {
    expect(fandoms(["Naruto", "Bleach"])).toEqual(["Naruto", "Bleach"]);
    expect(fandoms(" Naruto, ,Bleach,Naruto ")).toEqual(["Naruto", "Bleach"]);
    expect(fandoms(null)).toEqual([]);
  });
});
