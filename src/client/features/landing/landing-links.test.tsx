// @vitest-environment jsdom
// Issue 16: the landing page's sign-up links open /auth on its Sign Up tab, its Login links on Login. Read from the
// prerendered HTML, since that is what a visitor clicks before any script has loaded.
import { describe, expect, it } from "vitest";
import { renderLanding } from "../../prerender";

function linksByText(html: string): Record<string, string | null> {
  document.body.innerHTML = html;
  return Object.fromEntries(
    Array.from(document.querySelectorAll("a"), (a) => [a.textContent?.trim() ?? "", a.getAttribute("href")]),
  );
}

describe("the prerendered landing page's auth links", () => {
  it("sends a visitor's sign-up links to the Sign Up tab and the login links to the Login tab", () => {
    const links = linksByText(renderLanding(false));
    expect({
      "Sign Up": links["Sign Up"],
      "Start Creating": links["Start Creating"],
      "Create your free account": links["Create your free account"],
      Login: links.Login,
      "I already have an account": links["I already have an account"],
    }).toEqual({
      "Sign Up": "/auth?tab=signup",
      "Start Creating": "/auth?tab=signup",
      "Create your free account": "/auth?tab=signup",
      Login: "/auth",
      "I already have an account": "/auth",
    });
  });
});
