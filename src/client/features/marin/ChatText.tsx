// A chat reply as the model wrote it (plain text with a little Markdown): paragraphs, line breaks, bullets,
// headings and **bold** / *italic*, built as React elements so nothing in the text is ever read as HTML.
import { Fragment, type ReactNode } from "react";

const EMPHASIS = /\*\*(?=\S)(.+?)(?<=\S)\*\*|(?<![*\w])[*_](?=\S)([^*_]+?)(?<=\S)[*_](?![*\w])/g;

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(EMPHASIS)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      match[1] !== undefined ? <strong key={match.index}>{match[1]}</strong> : <em key={match.index}>{match[2]}</em>,
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function line(text: string): ReactNode {
  const heading = /^#{1,6}\s+(.*)$/.exec(text);
  if (heading) return <strong>{inline(heading[1]!)}</strong>;
  const bullet = /^\s*[-*•]\s+(.*)$/.exec(text);
  if (bullet) return <>• {inline(bullet[1]!)}</>;
  return inline(text);
}

/** `end` is shown after the last word (the streaming caret). */
export function ChatText({ text, end }: { text: string; end?: ReactNode }) {
  const paragraphs = text.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  return paragraphs.map((paragraph, p) => (
    <p key={p} className={p > 0 ? "mt-2" : undefined}>
      {paragraph.split("\n").map((text, l) => (
        <Fragment key={l}>
          {l > 0 ? <br /> : null}
          {line(text)}
        </Fragment>
      ))}
      {p === paragraphs.length - 1 ? end : null}
    </p>
  ));
}
