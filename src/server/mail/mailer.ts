// Email behind one small interface: SMTP when SMTP_URL is set, otherwise the dev outbox.
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, ...message });
    },
  };
}

const OUTBOX_SIZE = 50;

export function createDevOutbox(log?: Pick<FastifyBaseLogger, "info">): Mailer {
  const sent: OutboxEntry[] = [];
  return {
    async send(message) {
      sent.unshift({ ...message, sentAt: new Date().toISOString() });
      sent.length = Math.min(sent.length, OUTBOX_SIZE);
      log?.info(
        { to: message.to, subject: message.subject, text: message.text },
        "dev outbox: email not sent, kept here",
      );
    },
    outbox: () => [...sent],
  };
}
