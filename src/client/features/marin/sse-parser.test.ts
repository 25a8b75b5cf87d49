// The SSE parser, fed the way a network feeds it: frames split anywhere, CRLF split between chunks, comments.
import { describe, expect, it } from "vitest";
import { SseParser } from "./sse-parser";

const STREAM =
  'event: delta\ndata: {"text":"Once"}\n\n' +
  ": keep-alive\n\n" +
  'event: delta\ndata: {"text":" upon"}\n\n' +
  'event: done\ndata: {"response":"Once upon"}\n\n';

const EXPECTED = [
  { event: "delta", data: '{"text":"Once"}' },
  { event: "delta", data: '{"text":" upon"}' },
  { event: "done", data: '{"response":"Once upon"}' },
];

function feedInPieces(text: string, size: number) {
  const parser = new SseParser();
  const events = [];
  for (let i = 0; i < text.length; i += size) events.push(...parser.feed(text.slice(i, i + size)));
  return [...events, ...parser.end()];
}

describe("the SSE parser", () => {
  it("reads whole events from one chunk", () => {
    expect(new SseParser().feed(STREAM)).toEqual(EXPECTED);
  });

  it("gives the same events whatever the chunk size, down to one character", () => {
    for (const size of [1, 2, 3, 5, 7, 13, 64]) expect(feedInPieces(STREAM, size)).toEqual(EXPECTED);
  });

  it("handles CRLF and CR line ends, also with a CRLF split across chunks", () => {
    const crlf = STREAM.replace(/\n/g, "\r\n");
    for (const size of [1, 2, 3, 4]) expect(feedInPieces(crlf, size)).toEqual(EXPECTED);
    expect(feedInPieces(STREAM.replace(/\n/g, "\r"), 1)).toEqual(EXPECTED);
  });

  it("joins several data lines, defaults the event name, ignores unknown fields", () => {
    expect(new SseParser().feed("id: 4\ndata: a\ndata:b\n\n")).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("keeps an unfinished frame until it completes, and flushes it at the end of the stream", () => {
    const parser = new SseParser();
    expect(parser.feed('event: error\ndata: {"message":"x"')).toEqual([]);
    expect(parser.feed(',"code":"AI_FAILED"}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: "error", data: '{"message":"x","code":"AI_FAILED"}' }]);
  });
});
