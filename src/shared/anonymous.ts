// Issue 33: what every page, card, feed, download and notification shows for the creator of an anonymous work, to
// anyone but its creators and its collection's maintainers (server/policies/anonymity.ts decides who).
export const ANONYMOUS_CREATOR = "Anonymous";
