// The error handler answers every shape of a lost database with 503 and DB_UNAVAILABLE, and logs it at
// warn without the failed query's parameters; other database errors stay 500s.
import { DrizzleQueryError } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../errors";
import { DB_UNAVAILABLE } from "./unavailable";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select * from "sessions" where id = $1', ["hash-secret"], cause);

const failures: Record<string, () => Error> = {
  "an admin shutdown (57P01) inside drizzle's wrapper": () =>
    wrapped(pgError("57P01", "terminating connection due to administrator command")),
  "a crash shutdown (57P02)": () => pgError("57P02", "terminating connection because of crash of another server"),
  "a server starting up (57P03)": () => pgError("57P03", "the database system is starting up"),
  "a connection exception (class 08)": () => wrapped(pgError("08006", "connection failure")),
  "a refused connection": () => pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
  "a refused connection on every address": () =>
    new AggregateError([pgError("ECONNREFUSED", "connect ECONNREFUSED ::1:5432")], "connect failed"),
  "a reset connection": () => wrapped(pgError("ECONNRESET", "read ECONNRESET")),
  "a timed-out socket": () => pgError("ETIMEDOUT", "connect ETIMEDOUT"),
  "a connection closed mid-query": () => wrapped(new Error("Connection terminated unexpectedly")),
  "a pool that cannot connect in time": () => new Error("timeout exceeded when trying to connect"),
  "a server that stopped answering": () => wrapped(new Error("Query read timeout")),
};

describe("the error handler on database failures", () => {
  const logged: Array<{ level: number; msg: string }> = [];
  const lines: string[] = [];
  const app = Fastify({
    logger: {
      level: "warn",
      stream: {
        write: (line: string) => {
          lines.push(line);
          logged.push(JSON.parse(line));
        },
      },
    },
  });

  beforeAll(async () => {
    registerErrorHandler(app);
    app.get("/fail/:name", async (request) => {
      throw failures[(request.params as { name: string }).name]!();
    });
    app.get("/unique", async () => {
      throw wrapped(pgError("23505", "duplicate key value violates unique constraint"));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(Object.keys(failures))("answers %s with 503 and logs a warning without parameters", async (name) => {
    logged.length = 0;
    lines.length = 0;
    const response = await app.inject({ url: `/fail/${encodeURIComponent(name)}` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ...DB_UNAVAILABLE, requestId: expect.any(String) });
    expect(logged.map((entry) => [entry.level, entry.msg])).toEqual([[40, "database unavailable"]]);
    expect(lines.join("")).not.toContain("hash-secret");
  });

  it("keeps other database errors as a plain 500", async () => {
    const response = await app.inject({ url: "/unique" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: "Internal Server Error",
      code: "INTERNAL",
      requestId: expect.any(String),
    });
  });
});
