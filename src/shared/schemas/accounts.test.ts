import { describe, expect, it } from "vitest";
import { LoginBody, ProfileUpdate, profileUpdateFor, RegisterBody, RegisterForm, SocialSignUp } from "./accounts";

const valid = { username: "fan_01", email: "fan@example.com", password: "Str0ng!Pass", description: "" };

function firstMessage(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
}

describe("registration", () => {
  it.each([
    ["ab", "Username must be at least 3 characters"],
    ["abc", null],
    ["a".repeat(15), null],
    ["a".repeat(16), "Username must be less than 15 characters"],
    ["fan-01", "Username can only contain letters, numbers, and underscores"],
    ["fan 01", "Username can only contain letters, numbers, and underscores"],
    ["Fan_99", null],
  ])("username %j → %s", (username, message) => {
    expect(firstMessage(RegisterBody, { ...valid, username })).toBe(message);
  });

  it.each([
    ["Aa1!aaa", "Password must be at least 8 characters"],
    ["Aa1!aaaa", null],
    [`Aa1!${"a".repeat(124)}`, null],
    [`Aa1!${"a".repeat(125)}`, "Password must be less than 128 characters"],
    ["aa1!aaaa", "Password must contain at least one uppercase letter"],
    ["AA1!AAAA", "Password must contain at least one lowercase letter"],
    ["Aaa!aaaa", "Password must contain at least one number"],
    ["Aaa1aaaa", "Password must contain at least one special character (@$!%*?&)"],
    ["Aaa1#aaa", "Password must contain at least one special character (@$!%*?&)"],
  ])("password %j → %s", (password, message) => {
    expect(firstMessage(RegisterBody, { ...valid, password })).toBe(message);
  });

  it.each([
    ["not-an-email", "Invalid email address"],
    ["a@b", "Invalid email address"],
    [`${"a".repeat(243)}@example.com`, null],
    [`${"a".repeat(244)}@example.com`, "Email must be less than 255 characters"],
  ])("email %j → %s", (email, message) => {
    expect(firstMessage(RegisterBody, { ...valid, email })).toBe(message);
  });

  it("description is optional and at most 240 characters", () => {
    expect(firstMessage(RegisterBody, { ...valid, description: undefined })).toBeNull();
    expect(firstMessage(RegisterBody, { ...valid, description: "d".repeat(240) })).toBeNull();
    expect(firstMessage(RegisterBody, { ...valid, description: "d".repeat(241) })).toBe(
      "Description must be less than 240 characters",
    );
  });

  it("the form needs matching passwords and drops the confirmation", () => {
    const mismatch = RegisterForm.safeParse({ ...valid, confirmPassword: "Other1!xx" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues[0]).toMatchObject({ message: "Passwords do not match", path: ["confirmPassword"] });
    const ok = RegisterForm.parse({ ...valid, confirmPassword: valid.password });
    expect(RegisterBody.parse(ok)).not.toHaveProperty("confirmPassword");
  });
});

describe("login", () => {
  it("needs a valid email and a password", () => {
    expect(firstMessage(LoginBody, { email: "x", password: "p" })).toBe("Invalid email address");
    expect(firstMessage(LoginBody, { email: "a@example.com", password: "" })).toBe("Password is required");
    expect(LoginBody.parse({ email: " a@example.com ", password: "p" }).email).toBe("a@example.com");
  });
});

describe("social sign-up", () => {
  it("defaults authProvider to google and accepts only email, google, both", () => {
    const base = { username: "fan_01", email: "fan@example.com", googleId: "g-1" };
    expect(SocialSignUp.parse(base).authProvider).toBe("google");
    expect(SocialSignUp.parse({ ...base, authProvider: "both" }).authProvider).toBe("both");
    expect(SocialSignUp.safeParse({ ...base, authProvider: "github" }).success).toBe(false);
    expect(firstMessage(SocialSignUp, { ...base, username: "ab" })).toBe("Username must be at least 3 characters");
  });
});

describe("profile", () => {
  it.each([
    ["ab", "Username must be at least 3 characters"],
    ["abc", null],
    ["a".repeat(10), null],
    ["a".repeat(11), "Username must be at most 10 characters"],
    ["fan-01", null],
    ["fan.01", "Username can only contain letters, numbers, hyphens, and underscores"],
  ])("username %j → %s", (username, message) => {
    expect(firstMessage(ProfileUpdate, { username })).toBe(message);
  });

  it("description may be empty and at most 280 characters", () => {
    expect(firstMessage(ProfileUpdate, { username: "fan", description: "" })).toBeNull();
    expect(firstMessage(ProfileUpdate, { username: "fan", description: "d".repeat(280) })).toBeNull();
    expect(firstMessage(ProfileUpdate, { username: "fan", description: "d".repeat(281) })).toBe(
      "Description must be at most 280 characters",
    );
  });

  it("checks the username only when it changes, so a 15-character sign-up name can still save", () => {
    const current = "fifteen_chars_1";
    const profile = profileUpdateFor(current);
    expect(firstMessage(profile, { username: current, description: "new words" })).toBeNull();
    expect(firstMessage(profile, { username: "fifteen_chars_2" })).toBe("Username must be at most 10 characters");
    expect(firstMessage(profile, { username: "ab" })).toBe("Username must be at least 3 characters");
    expect(firstMessage(profile, { username: "new-name" })).toBeNull();
    expect(firstMessage(profile, { username: current, description: "d".repeat(281) })).toBe(
      "Description must be at most 280 characters",
    );
  });
});
