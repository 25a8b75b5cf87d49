// Story export (FicForge Plus early access): Markdown, plain text and a standalone HTML document of the owner's
// story, with its title, author, chapters and scene breaks; a safe download name; 404 for others, 403 for free users.
import { describe, expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { asciiFileName, attachmentDisposition } from "./export-story";
import { storyHtmlToMarkdown } from "./story-markdown";

const CONTENT = [
  "<h2>Chapter 1: Salt &amp; Rain</h2>",
  "<p>Aria caught <strong>Kael</strong> on the <em>docks</em>.</p>",
  "<p>* * *</p>",
  "<p>Dawn. She read his note: <u>meet me</u> at 3 * 4.</p>",
  '<div class="generated-content" data-model="Offline storyteller"><section class="chapter" data-chapter="2">',
  "<h2>Chapter 2: Tide</h2><p>- not a list</p><hr><p>#1 fan</p></section></div>",
  "<ul><li><p>one</p></li><li><p>two</p></li></ul>",
].join("");

describe("story HTML as Markdown", () => {
  it("keeps chapters, emphasis, scene breaks and lists, and escapes text that would read as syntax", () => {
    expect(storyHtmlToMarkdown(CONTENT.replace("<p>* * *</p>", "<hr>"))).toBe(
      [
        "## Chapter 1: Salt & Rain",
        "Aria caught **Kael** on the *docks*.",
        "* * *",
        "Dawn. She read his note: meet me at 3 \\* 4.",
        "## Chapter 2: Tide",
        "\\- not a list",
        "* * *",
        "\\#1 fan",
        "- one\n- two",
      ].join("\n\n"),
    );
  });

  it("numbers ordered lists, quotes blockquotes and keeps line breaks", () => {
    expect(storyHtmlToMarkdown("<ol><li>a</li><li>b</li></ol><blockquote><p>x<br>y</p></blockquote>")).toBe(
      "1. a\n2. b\n\n> x  \n> y",
    );
    expect(storyHtmlToMarkdown("<h1>Prologue</h1><h3>Scene</h3><p>1. Not a list [link](x) _u_</p>")).toBe(
      "## Prologue\n\n### Scene\n\n1\\. Not a list \\[link\\](x) \\_u\\_",
    );
  });
});

describe("export file names", () => {
  it("makes an ASCII slug and a UTF-8 filename*", () => {
    expect(asciiFileName("Crème brûlée: a love story!")).toBe("Creme-brulee-a-love-story");
    expect(asciiFileName("夜の海")).toBe("story");
    expect(attachmentDisposition("夜の海 / Night's sea", "md")).toBe(
      "attachment; filename=\"Night-s-sea.md\"; filename*=UTF-8''%E5%A4%9C%E3%81%AE%E6%B5%B7%20-%20Night%27s%20sea.md",
    );
    expect(attachmentDisposition('"Quote" \r\n; evil="x', "txt")).toMatch(
      /^attachment; filename="Quote-evil-x\.txt"; filename\*=UTF-8''[A-Za-z0-9%._-]+\.txt$/,
    );
  });
});

describeEachDb("GET /api/stories/{id}/export", (ctx) => {
  const db = () => ctx().database.db;
  const get = (id: number, cookie: string, format?: string) =>
    send(ctx().app, "GET", `/api/stories/${id}/export${format ? `?format=${format}` : ""}`, undefined, { cookie });
  async function premiumStory(title = "Salt & Thorns: Ünïcode") {
    const writer = await createVerifiedUserWithSession(db(), { isPremium: true, username: `quill${Date.now() % 1e6}` });
    const story = await createStory(db(), {
      authorId: writer.user.id,
      title,
      description: "A harbour romance.",
      content: CONTENT,
    });
    return { ...writer, story };
  }

  it("exports Markdown by default with the title, the author and the chapters, as an attachment", async () => {
    const { user, cookie, story } = await premiumStory();
    const res = await get(story.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      "attachment; filename=\"Salt-Thorns-Unicode.md\"; filename*=UTF-8''Salt%20%26%20Thorns-%20%C3%9Cn%C3%AFcode.md",
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatch(
      new RegExp(
        `^# Salt & Thorns: Ünïcode\\n\\n\\*by ${user.username.replace(/_/g, "\\\\_")}\\*\\n\\n> A harbour romance\\.\\n\\n---\\n\\n## Chapter 1: Salt & Rain\\n`,
      ),
    );
    expect(res.body).toContain("\n\n* * *\n\nDawn.");
    expect(res.body).toContain("## Chapter 2: Tide");
  });

  it("exports plain text with underlined headings and scene breaks", async () => {
    const { user, cookie, story } = await premiumStory("Night Sea");
    const res = await get(story.id, cookie, "txt");
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain('filename="Night-Sea.txt"');
    expect(res.body).toMatch(
      new RegExp(`^Night Sea\\n=========\\n\\nby ${user.username}\\n\\nA harbour romance\\.\\n\\n`),
    );
    expect(res.body).toContain("Chapter 1: Salt & Rain\n----------------------\n\nAria caught Kael on the docks.");
    expect(res.body).toContain("\n\n* * *\n\nDawn. She read his note: meet me at 3 * 4.");
    expect(res.body).not.toMatch(/<|&amp;/);
  });

  it("exports a standalone, script-free HTML document", async () => {
    const { cookie, story } = await premiumStory('<script>alert("t")</script> Tale');
    const res = await get(story.id, cookie, "html");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain('filename="script-alert-t-script-Tale.html"');
    expect(res.body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(res.body).toContain("<title>&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; Tale</title>");
    expect(res.body).toContain("default-src 'none'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain("<h2>Chapter 1: Salt &amp; Rain</h2>");
    expect(res.body).toContain("<hr>");
    expect(res.body).toContain('<p class="description">A harbour romance.</p>');
  });

  it("answers 404 for another writer's story and 400 for an unknown format", async () => {
    const { story } = await premiumStory();
    const other = await createVerifiedUserWithSession(db(), { isPremium: true });
    const res = await get(story.id, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "Story not found" });
    const mine = await createStory(db(), { authorId: other.user.id });
    expect((await get(mine.id, other.cookie, "pdf")).statusCode).toBe(400);
    expect((await send(ctx().app, "GET", `/api/stories/${mine.id}/export`)).statusCode).toBe(401);
  });
});
