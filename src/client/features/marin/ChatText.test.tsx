// @vitest-environment jsdom
// Chat replies keep their paragraphs, lines, bullets and emphasis, and never turn text into HTML.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChatText } from "./ChatText";

afterEach(cleanup);

const html = (text: string) =>
  render(
    <div data-testid="t">
      <ChatText text={text} />
    </div>,
  ).getByTestId("t").innerHTML;

describe("chat text", () => {
  it("keeps paragraphs and line breaks", () => {
    expect(html("One.\nTwo.\n\nThree.")).toBe('<p>One.<br>Two.</p><p class="mt-2">Three.</p>');
  });

  it("shows bullets, headings and emphasis", () => {
    expect(html("## Ideas\n- a **bold** move\n* an *odd* one")).toBe(
      "<p><strong>Ideas</strong><br>• a <strong>bold</strong> move<br>• an <em>odd</em> one</p>",
    );
  });

  it("escapes anything that looks like HTML", () => {
    expect(html('<img src=x onerror="alert(1)"> 2 * 3 * 4')).toBe(
      '<p>&lt;img src=x onerror="alert(1)"&gt; 2 * 3 * 4</p>',
    );
  });
});
