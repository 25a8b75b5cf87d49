// The sign-in limits under concurrent guessing: each attempt is counted before its password is checked, so 150
// simultaneous guesses get exactly 10 password checks (the count used to come after the check: 111 got through).
import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDb } from "../test/app";
import { verifyPassword } from "./passwords";
import { createVerifiedAccount, freshIp, sendFrom } from "../test/accounts";

vi.mock("./passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords")>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const GUESSES = 150;

async function guessAtOnce(send: (i: number) => ReturnType<typeof sendFrom>) {
  const responses = await Promise.all(Array.from({ length: GUESSES }, (_, i) => send(i)));
  const statuses = responses.map((r) => r.statusCode);
  return { unauthorized: statuses.filter((s) => s === 401).length, limited: statuses.filter((s) => s === 429).length };
}

describeEachDb("sign-in limits under concurrent guessing", (ctx) => {
  beforeEach(() => {
    vi.mocked(verifyPassword).mockClear();
  });

  it("checks at most 10 passwords for 150 simultaneous guesses at one account from many addresses", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    vi.mocked(verifyPassword).mockClear();
    const result = await guessAtOnce(() =>
      sendFrom(ctx().app, freshIp(), "POST", "/api/login", { ...account, password: "Wr0ng!Pass" }),
    );
    expect(result).toEqual({ unauthorized: 10, limited: GUESSES - 10 });
    expect(verifyPassword).toHaveBeenCalledTimes(10);
  });

  it("checks at most 10 passwords for 150 simultaneous guesses from one address at one account", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    vi.mocked(verifyPassword).mockClear();
    const ip = freshIp();
    const result = await guessAtOnce(() =>
      sendFrom(ctx().app, ip, "POST", "/api/login", { ...account, password: "Wr0ng!Pass" }),
    );
    expect(result).toEqual({ unauthorized: 10, limited: GUESSES - 10 });
    expect(verifyPassword).toHaveBeenCalledTimes(10);
  });

  it("checks at most 10 passwords for 150 simultaneous guesses from one address at many accounts", async () => {
    const ip = freshIp();
    const result = await guessAtOnce((i) =>
      sendFrom(ctx().app, ip, "POST", "/api/login", { email: `guess${i}@example.com`, password: "Wr0ng!Pass" }),
    );
    expect(result).toEqual({ unauthorized: 10, limited: GUESSES - 10 });
    expect(verifyPassword).toHaveBeenCalledTimes(10);
  });
});
