// The page an unsubscribe link opens, rendered on the server (no account, no JavaScript): a confirmation with a
// button that POSTs, the result, or "this link is not valid".
import { ROUTES } from "../../shared/routes";
import { htmlDocument, noindexHead } from "../html/document";
import { escapeHtml } from "../html/escape";

/** w•••@example.test: enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "your address";
  return `${email[0]}•••${email.slice(at)}`;
}

export type UnsubscribePage =
  | { kind: "confirm"; email: string; token: string }
  | { kind: "done"; email: string }
  | { kind: "invalid" };

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,sans-serif;background:#faf7ff;color:#1f1b2e}
main{max-width:480px;margin:12vh auto 0;padding:32px 24px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 12px}p{line-height:1.55;margin:0 0 16px}
button{font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:8px;background:#6d28d9;color:#fff;cursor:pointer}
a{color:#6d28d9}.brand{font-weight:700;color:#6d28d9;text-decoration:none;display:inline-block;margin-bottom:20px}
@media (max-width:540px){main{margin:0;border-radius:0;box-shadow:none;min-height:100vh}}`;

export function renderUnsubscribePage(page: UnsubscribePage, appUrl: string): string {
  const settings = `<a href="${escapeHtml(appUrl + ROUTES.settings)}">notification settings</a>`;
  let title: string;
  let body: string;
  if (page.kind === "confirm") {
    title = "Unsubscribe from notification emails?";
    body = `<p>FicForge will stop emailing notifications to ${escapeHtml(maskEmail(page.email))}. You will still see them in the app, and you still get account emails such as password resets.</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(page.token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`;
  } else if (page.kind === "done") {
    title = "You are unsubscribed";
    body = `<p>FicForge no longer emails notifications to ${escapeHtml(maskEmail(page.email))}. You can turn them back on in your ${settings}.</p>`;
  } else {
    title = "This unsubscribe link is not valid";
    body = `<p>The link may be incomplete, or you turned notification emails back on after it was sent. To stop emails, use the link in a newer email or your ${settings}.</p>`;
  }
  return htmlDocument(
    noindexHead(escapeHtml(title), STYLE),
    `<main>
<a class="brand" href="${escapeHtml(`${appUrl}/`)}">FicForge</a>
<h1>${escapeHtml(title)}</h1>
${body}
</main>`,
  );
}
