import { describe, expect, it } from "vitest";
import { sanitizeContent, stripControlChars } from "./sanitize-content";

// [name, payload, exact sanitized output]
const XSS: [string, string, string][] = [
  ["script tag", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
  ["uppercase script with src", "<SCRIPT SRC=//evil.test/x.js></SCRIPT>after", "after"],
  ["nested script split", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
  ["img onerror", '<img src=x onerror="alert(1)">text', "text"],
  ["event handler on an allowed tag", '<p onclick="alert(1)" onmouseover=alert(2)>hi</p>', "<p>hi</p>"],
  ["javascript: href", '<a href="javascript:alert(1)">click</a>', "click"],
  ["entity-encoded javascript: href", '<a href="&#106;avascript:alert(1)">x</a>', "x"],
  ["iframe", '<iframe src="https://evil.test"></iframe><p>ok</p>', "<p>ok</p>"],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>">inner</iframe>', ""],
  ["svg onload", "<svg onload=alert(1)><circle r=5></circle></svg>x", "x"],
  ["svg with script", '<svg><script xlink:href="data:,alert(1)"></script></svg>y', "y"],
  ["style element", "<style>body{display:none}</style><p>s</p>", "<p>s</p>"],
  [
    "style injection beside text-align",
    '<p style="text-align:center;position:fixed;background:url(javascript:alert(1))">p</p>',
    '<p style="text-align:center">p</p>',
  ],
  ["expression() in text-align", '<p style="text-align:expression(alert(1))">p</p>', "<p>p</p>"],
  ["style on a tag that may not align", '<strong style="text-align:center">b</strong>', "<strong>b</strong>"],
  ["data: URL object", '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>z', "z"],
  ["embed", '<embed src="javascript:alert(1)">e', "e"],
  ["form and input", '<form action="javascript:alert(1)"><input autofocus onfocus=alert(1)></form>f', "f"],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">m', "m"],
  ["link stylesheet", '<link rel="stylesheet" href="https://evil.test/x.css">l', "l"],
  ["mXSS math/style", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
  ["escaped markup stays text", "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  [
    "foreign classes and ids",
    '<p class="evil" id="x">c</p><div class="generated-content hacked">d</div>',
    '<p>c</p><div class="generated-content">d</div>',
  ],
  [
    "chapter wrapper with a bad number and a handler",
    '<section class="chapter" data-chapter="1 onmouseover=alert(1)" onclick="x()">t</section>',
    '<section class="chapter">t</section>',
  ],
  ["base tag", '<base href="https://evil.test/">b', "b"],
];

describe("sanitizeContent against XSS", () => {
  it.each(XSS)("%s", (_name, payload, expected) => {
    const clean = sanitizeContent(payload);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/<script|<iframe|<svg|<img|<object|<embed|<style|\son\w+=|javascript:|data:/i);
    // Sanitizing is stable, so sanitizing again on read changes nothing.
    expect(sanitizeContent(clean)).toBe(clean);
  });

  it("has a table of at least 15 payloads", () => {
    expect(XSS.length).toBeGreaterThanOrEqual(15);
  });
});

describe("sanitizeContent keeps the editor's formatting", () => {
  const FORMATTED = [
    '<h1>Title</h1><h2 style="text-align:center">Chapter 1</h2><h3 style="text-align:right">Scene</h3>',
    '<p style="text-align:justify">Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s><br />next</p>',
    '<p style="text-align:left">left</p><ol><li>one</li><li>two</li></ol><ul><li>item</li></ul>',
    "<blockquote><p>quoted</p></blockquote><hr />",
    '<section class="chapter" data-chapter="2"><div class="generated-content"><h2>Chapter 2</h2><p>    indented</p></div></section>',
  ].join("");

  it("leaves allowed markup exactly as it is", () => {
    expect(sanitizeContent(FORMATTED)).toBe(FORMATTED);
  });

  it("normalizes the editor's spacing in style attributes", () => {
    expect(sanitizeContent('<p style="text-align: center;">c</p>')).toBe('<p style="text-align:center">c</p>');
  });
});

describe("stripControlChars", () => {
  it("drops control characters but keeps tabs and line breaks", () => {
    expect(stripControlChars("a\u0000b\u0007c\u001Bd\u007Fe\tf\ng\r\nh")).toBe("abcde\tf\ng\r\nh");
  });
});
