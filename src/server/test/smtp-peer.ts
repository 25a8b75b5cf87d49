// A real SMTP server on 127.0.0.1 for tests: keeps every message it receives (parsed with mailparser), and can be
// made slow or made to refuse, as real mail servers sometimes are.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header fields as sent (lower-case names, folded lines joined), e.g. headers["list-unsubscribe"]. */
  headers: Record<string, string>;
}

export interface SmtpPeer {
  url: string;
  messages: ReceivedMail[];
  /** The newest message to `to` received from now on or already there, waiting up to `timeoutMs`. */
  waitFor(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on, wait this long before accepting each message (a slow mail server); 0 for none. */
  slowDown(ms: number): void;
  /** From now on, keep each message unaccepted until `release()` (a mail server that has not answered yet). */
  hold(): void;
  /** Accepts the held messages and stops holding. */
  release(): void;
  /** Refuse the next `count` messages with a temporary failure (451). */
  refuse(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  let delayMs = 0;
  let refusals = 0;
  let held: Promise<void> | undefined;
  let releaseHeld = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.on("end", () => callback(Object.assign(new Error("try again later"), { responseCode: 451 })));
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then(async (parsed) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (held) await held;
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(":") + 1)
                  .replace(/\r?\n\s+/g, " ")
                  .trim(),
              ]),
            ),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, predicate = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.findLast((m) => m.to.includes(to) && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    slowDown(ms) {
      delayMs = ms;
    },
    hold() {
      held ??= new Promise<void>((resolve) => {
        releaseHeld = resolve;
      });
    },
    release() {
      held = undefined;
      releaseHeld();
    },
    refuse(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
