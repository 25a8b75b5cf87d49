// Full-page navigation to a page outside the app (a payment provider's checkout or portal). Its own module so that
// component tests can stand in for it: jsdom cannot navigate, and window.location.assign cannot be replaced.
export function navigateAway(url: string): void {
  window.location.assign(url);
}
