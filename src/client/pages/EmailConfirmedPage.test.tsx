// @vitest-environment jsdom
// Issue 16: /email-confirmed says 'Verified' only when the server's verify redirect says so (?verified=true);
// opened directly it says nothing was verified and offers sign-in and a new verification link.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fakeApi, renderWithClient } from "../test/discover";
import EmailConfirmedPage from "./EmailConfirmedPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string) {
  const location = memoryLocation({ path });
  return renderWithClient(
    <Router hook={location.hook}>
      <EmailConfirmedPage />
    </Router>,
  );
}

describe("/email-confirmed", () => {
  it("says verified after the server's redirect", () => {
    open("/email-confirmed?verified=true");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Email Verified!");
    expect(screen.getByRole("link", { name: "Continue to Dashboard" })).toBeTruthy();
  });

  it("opened directly, says nothing was verified and offers sign-in and a new link", async () => {
    const urls = fakeApi(() => ({ message: "A new verification link is on its way." }));
    open("/email-confirmed");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nothing Verified");
    expect(screen.queryByText(/verified\. You can now sign in/)).toBeNull();
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "reader@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect((await screen.findByText("A new verification link is on its way.")).getAttribute("role")).toBe("status");
    expect(urls.map((url) => url.pathname)).toEqual(["/api/resend-verification"]);
  });

  it("keeps the already-verified and failed displays", () => {
    open("/email-confirmed?already=true");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Already Verified");
    cleanup();
    open("/email-confirmed?error=invalid");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Verification Failed");
  });
});
