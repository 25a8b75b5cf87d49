// After 'Email Verified!': the verify redirect puts the address in the URL fragment (see the server's
// verifyRedirect); 'Continue to Dashboard' hands it to /auth, which fills in the email and says it is verified.
// Fragments never reach a server, so the address stays out of logs and Referer headers.

/** The address /email-confirmed was given, if any. */
export function verifiedEmailFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, "")).get("email") || undefined;
}

/** /auth with the verified notice and, when known, the email filled in; a signed-in user goes on to /dashboard. */
export function verifiedSignInHref(email?: string): string {
  return `/auth#${new URLSearchParams({ verified: "true", ...(email ? { email } : {}) })}`;
}

/** What /auth should show for its fragment: null unless the visitor arrives from a verified email. */
export function readVerifiedSignIn(hash: string): { email: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return params.get("verified") === "true" ? { email: params.get("email") ?? "" } : null;
}

/** Once read into state, the address need not stay in the address bar or history. */
export function dropUrlFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, "", pathname + search);
}
