// Email behind one small interface: SMTP when SMTP_URL is set, otherwise the dev outbox.
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe on notification emails (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
}

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Recent messages, kept only by the dev outbox. */
  outbox?(): OutboxEntry[];
}

export function createSmtpMailer(url: string, from: string): Mailer {
  // NOTE: nodemailer loads with the first email, not at start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      // NOTE: nodemailer waits 10 minutes on a silent socket by default; the email worker's claim on a user's email
      // lasts 5 (email-notifications/worker.ts), so a hung send gives up well before another instance may retry it.
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
      );
      await (await transport).sendMail({ from, ...message });
    },
  };
}

// NOTE: the e2e suite signs up accounts in parallel; a notification email must not be pushed out before it is read.
const OUTBOX_SIZE = 500;

export function createDevOutbox(log?: Pick<FastifyBaseLogger, "info">): Mailer {
  const sent: OutboxEntry[] = [];
  return {
    async send(message) {
      sent.unshift({ ...message, sentAt: new Date().toISOString() });
      sent.length = Math.min(sent.length, OUTBOX_SIZE);
      log?.info(
        { to: message.to, subject: message.subject, text: message.text, headers: message.headers },
        "dev outbox: email not sent, kept here",
      );
    },
    outbox: () => [...sent],
  };
}
