// A real .docx for the import tests and the e2e journey, written with the `docx` package (a dev dependency).
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";

/** A real .docx: a title, three Heading 1 chapters, bold text and a scene break. */
export async function threeChapterDocx(): Promise<Buffer> {
  const chapter = (n: number, title: string, text: string) => [
    new Paragraph({ text: `Chapter ${n}: ${title}`, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({
      children: [new TextRun("It began "), new TextRun({ text: "boldly", bold: true }), new TextRun(`. ${text}`)],
    }),
  ];
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: "A note before it all." }),
          ...chapter(1, "Salt", "The docks were quiet."),
          new Paragraph({ text: "* * *" }),
          new Paragraph({ text: "Dawn <script>alert(1)</script> came." }),
          ...chapter(2, "Tide", "The tide turned."),
          ...chapter(3, "Home", "She came home."),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
