import { describe, expect, it } from "vitest";
import { readVerifiedSignIn, verifiedEmailFromHash, verifiedSignInHref } from "./verified-sign-in";

describe("verified sign-in hand-over", () => {
  it("reads the address the verify redirect put in the fragment", () => {
    expect(verifiedEmailFromHash("#email=fan_1%40example.com")).toBe("fan_1@example.com");
    expect(verifiedEmailFromHash("")).toBeUndefined();
  });

  it("carries the address to /auth and back out", () => {
    const href = verifiedSignInHref("a+b@example.com");
    expect(href).toBe("/auth#verified=true&email=a%2Bb%40example.com");
    expect(readVerifiedSignIn(href.slice(href.indexOf("#")))).toEqual({ email: "a+b@example.com" });
    expect(readVerifiedSignIn(verifiedSignInHref().slice(5))).toEqual({ email: "" });
    expect(readVerifiedSignIn("#email=x%40y.z")).toBeNull();
    expect(readVerifiedSignIn("")).toBeNull();
  });
});
