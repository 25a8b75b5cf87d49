// Crafted imports (issue 27): a small EPUB whose one chapter unpacks to 55 MB of tiny paragraphs, a .docx whose styles
// part is bloated past the cap, a file under every text cap that still makes the parser build more than its heap
// holds, and three files that pass the caps one by one but not together. Each is refused with a clear 4xx before or
// while parsing, saves nothing, and the server goes on importing.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { threeChapterDocx } from "../test/docx";
import { docxWithPart, epubOf, multipart, type Part, repeated, xhtml } from "./test-uploads";

const MB = 1024 * 1024;

// Made once for both databases: 55 MB of `<p>a</p>` packs into well under 1 MB.
let epubBombMade: Promise<Buffer> | undefined;
const epubBomb = () => (epubBombMade ??= epubOf([xhtml(repeated("<p>a</p>", 55 * MB))]));

describeEachDb("POST /api/imports with crafted files", (ctx) => {
  const db = () => ctx().database.db;

  async function writer() {
    const { user, cookie } = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const post = (parts: Part[]) => {
      const body = multipart(parts);
      return ctx().app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { ...body.headers, origin: TEST_APP_URL, cookie },
        payload: body.payload,
      });
    };
    const count = async () => (await db().select().from(stories).where(eq(stories.authorId, user.id))).length;
    return { post, count };
  }

  /** The crafted upload gets the status and message, nothing is saved, and a good import right after works. */
  async function expectRefusedThenServing(parts: Part[], status: number, message: RegExp) {
    const { post, count } = await writer();
    const res = await post(parts);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await count()).toBe(0);
    const good = await post([{ name: "fine.txt", bytes: Buffer.from("Chapter 1\n\nStill here.") }]);
    expect(good.statusCode, good.body).toBe(201);
    expect((await ctx().app.inject({ url: "/healthz" })).statusCode).toBe(200);
  }

  it("refuses an EPUB chapter that unpacks to a flood of paragraphs before parsing it", async () => {
    const bomb = await epubBomb();
    expect(bomb.length).toBeLessThan(MB);
    await expectRefusedThenServing(
      [{ name: "flood.epub", bytes: bomb }],
      413,
      /^"flood\.epub" is too long for one story\. The limit is 2 MB of text/,
    );
  });

  it("refuses a .docx whose styles part is past the cap: the converter never unpacks it", async () => {
    const styles = Buffer.concat([
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>' +
          '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><!--',
      ),
      repeated(" ", 30 * MB),
      Buffer.from("--></w:styles>"),
    ]);
    const docx = await docxWithPart(await threeChapterDocx(), "word/styles.xml", styles);
    expect(docx.length).toBeLessThan(MB);
    await expectRefusedThenServing([{ name: "styled.docx", bytes: docx }], 413, /^"styled\.docx" is too long/);
  });

  it("stops a parse that outgrows its heap and answers for that file alone", async () => {
    // 7 MB is under every text cap, but a million tiny paragraphs are more nodes than the parser's heap holds.
    const tiny = repeated("<p>a</p>", 7 * MB);
    await expectRefusedThenServing(
      [
        { name: "fine.md", bytes: Buffer.from("# Fine\n\nWords.") },
        { name: "tiny.html", bytes: tiny },
      ],
      413,
      /^"tiny\.html" is too large or too complex for us to import\. Split it/,
    );
  });

  it("counts the text of all the files of one request together", async () => {
    // Three files of 6 MB: each under the caps for one file, 18 MB together past the 16 MB for a request. Their
    // padding is a comment the sanitizer drops, so each alone would import.
    const padded = (words: string) =>
      Buffer.concat([Buffer.from(`<p>${words}</p><!--`), repeated(" ", 6 * MB), Buffer.from("-->")]);
    const { post } = await writer();
    expect((await post([{ name: "alone.html", bytes: padded("Alone.") }])).statusCode).toBe(201);
    await expectRefusedThenServing(
      [
        { name: "one.html", bytes: padded("One.") },
        { name: "two.html", bytes: padded("Two.") },
        { name: "three.html", bytes: padded("Three.") },
      ],
      413,
      /^Your files are too long to import together\. Import them a few at a time\.$/,
    );
  });
});
