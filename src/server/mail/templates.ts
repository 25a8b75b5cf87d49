// The account emails: a plain-text body carrying the full link (the dev outbox and e2e read it) and simple HTML.
import type { MailMessage } from "./mailer";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

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
