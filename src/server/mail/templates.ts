// The account emails: a plain-text body carrying the full link (the dev outbox and e2e read it) and simple HTML.
import { escapeHtml } from "../html/escape";
import type { MailMessage } from "./mailer";

function linkEmail(to: string, subject: string, lines: string[], action: string, link: string, after: string) {
  const text = [...lines, "", `${action}: ${link}`, "", after, "", "— FicForge"].join("\n");
  const html = [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;max-width:520px">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="font-size:13px;color:#555">${escapeHtml(after)}</p>`,
    "<p>— FicForge</p>",
    "</div>",
  ].join("\n");
  return { to, subject, text, html } satisfies MailMessage;
}

export function verificationEmail(to: string, username: string, link: string): MailMessage {
  return linkEmail(
    to,
    "Verify your FicForge email",
    [`Hi ${username},`, "Welcome to FicForge! Please confirm your email address to start writing."],
    "Verify your email",
    link,
    "The link works for 24 hours. If you did not sign up, you can ignore this email.",
  );
}

export function passwordResetEmail(to: string, username: string, link: string): MailMessage {
  return linkEmail(
    to,
    "Reset your FicForge password",
    [`Hi ${username},`, "Someone (hopefully you) asked to reset the password of your FicForge account."],
    "Choose a new password",
    link,
    "The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays the same.",
  );
}

function noticeEmail(to: string, subject: string, lines: string[]): MailMessage {
  const text = [...lines, "", "— FicForge"].join("\n");
  const html = [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;max-width:520px">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    "<p>— FicForge</p>",
    "</div>",
  ].join("\n");
  return { to, subject, text, html };
}

export function passwordChangedEmail(
  to: string,
  username: string,
  signedOutOthers: boolean,
  cancelledEmailChanges: readonly string[] = [],
): MailMessage {
  return noticeEmail(to, "Your FicForge password was changed", [
    `Hi ${username},`,
    `The password of your FicForge account was just changed${signedOutOthers ? ", and every other device was signed out" : ""}.`,
    ...cancelledEmailChanges.map(
      (address) =>
        `A request to change your email to ${address} was waiting for confirmation; it has been cancelled, and its link no longer works. If you still want that change, ask for it again in Settings.`,
    ),
    "If this was not you, reset your password at once from the sign-in page, or reply to this email.",
  ]);
}

export function emailChangeConfirmEmail(to: string, username: string, link: string): MailMessage {
  return linkEmail(
    to,
    "Confirm your new FicForge email",
    [`Hi ${username},`, "You asked to use this address for your FicForge account. Confirm it to make the change."],
    "Confirm this address",
    link,
    "The link works once, for 24 hours. Until you confirm, your account keeps its old address. If you did not ask for this, ignore this email.",
  );
}

export function emailChangedEmail(to: string, username: string, newAddress: string, undoLink: string): MailMessage {
  return linkEmail(
    to,
    "Your FicForge email was changed",
    [`Hi ${username},`, `The email address of your FicForge account was changed to ${newAddress}.`],
    "This wasn't me: undo the change",
    undoLink,
    "The link works once, for 7 days. Undoing puts this address back and signs out every device.",
  );
}

export function accountDeletedEmail(to: string, username: string): MailMessage {
  return noticeEmail(to, "Your FicForge account was deleted", [
    `Hi ${username},`,
    "Your FicForge account and its data were deleted, as you asked. We're sorry to see you go.",
  ]);
}
