// The reader's side of the paragraph rule (shared/paragraphs.ts): the same walk over the rendered DOM, so the
// paragraph the reader marks is the one the server counts.
import { type ParagraphTree, paragraphsOf, plainParagraphText, quoteOf, textOf } from "../../../shared/paragraphs";

const domTree: ParagraphTree<Node> = {
  tag: (node) => (node.nodeType === Node.ELEMENT_NODE ? (node as Element).localName : null),
  children: (node) => Array.from(node.childNodes),
  data: (node) => (node.nodeType === Node.TEXT_NODE ? ((node as Text).data ?? "") : null),
};

export interface ReaderParagraph {
  element: HTMLElement;
  /** Its first words, as an anchor quotes them. */
  quote: string;
  /** The paragraph goes on past its quote. */
  more: boolean;
}

/** The paragraphs of a rendered chapter, each with its quote (read before anything is added to it). */
export function readerParagraphs(root: Element): ReaderParagraph[] {
  return paragraphsOf<Node>(root, domTree).map((node) => {
    const text = plainParagraphText(textOf(node, domTree));
    const quote = quoteOf(text);
    return { element: node as HTMLElement, quote, more: quote.length < text.length };
  });
}
