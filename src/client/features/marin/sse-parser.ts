// An incremental Server-Sent Events parser: feed it text as it arrives and it hands back whole events, however the
// network split the frames (mid-line, mid-field, or between a CR and its LF).

export interface SseEvent {
  event: string;
  data: string;
}

export class SseParser {
  private buffer = "";
  private eventName = "";
  private data: string[] = [];

  /** Adds the next piece of the stream; returns the events it completed. */
  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      // NOTE: a CR at the very end may be the first half of a CRLF split across chunks; wait for the next one.
      if (this.buffer[end] === "\r" && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith("\r\n", end) ? 2 : 1));
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The stream ended: a frame without its closing blank line still counts. */
  end(): SseEvent[] {
    const events = this.buffer ? this.feed("\n") : [];
    const last = this.line("");
    return last ? [...events, last] : events;
  }

  private line(line: string): SseEvent | null {
    if (line === "") {
      if (this.data.length === 0) {
        this.eventName = "";
        return null;
      }
      const event = { event: this.eventName || "message", data: this.data.join("\n") };
      this.eventName = "";
      this.data = [];
      return event;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.eventName = value;
    else if (field === "data") this.data.push(value);
    return null;
  }
}
