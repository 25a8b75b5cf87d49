import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { FORM_ERROR, serverFieldErrors } from "./form-errors";

const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), "");

describe("server errors for a form", () => {
  it("puts each of the server's field messages at its field", () => {
    const error = answer(409, {
      message: "Username is already taken",
      fields: { username: "Username is already taken" },
    });
    expect(serverFieldErrors(error, ["username", "description"])).toEqual({ username: "Username is already taken" });
  });

  it("gives a message no shown field can carry to the form", () => {
    expect(serverFieldErrors(answer(401, { message: "Invalid email or password" }), ["email", "password"])).toEqual({
      [FORM_ERROR]: "Invalid email or password",
    });
    expect(
      serverFieldErrors(answer(400, { message: "Bad", fields: { token: "Invalid token" } }), ["password"]),
    ).toEqual({ [FORM_ERROR]: "Invalid token" });
    expect(serverFieldErrors(new ApiError(502, "", "Bad Gateway"), ["email"])).toEqual({
      [FORM_ERROR]: "502: Bad Gateway",
    });
    expect(serverFieldErrors(new TypeError("Failed to fetch"), ["email"])).toEqual({ [FORM_ERROR]: "Failed to fetch" });
  });
});
