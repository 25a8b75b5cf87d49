import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, registerErrorHandler } from "./errors";

describe("the error handler", () => {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: {
      level: "error",
      stream: { write: (line: string) => logged.push(JSON.parse(line)) },
    },
  }).withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post(
      "/validate",
      { schema: { body: z.object({ title: z.string().min(1, "Story title is required"), n: z.number() }) } },
      async () => ({ ok: true }),
    );
    app.get("/conflict", async () => {
      throw new AppError(409, "STALE_VERSION", "Changed elsewhere", { currentVersion: 4 });
    });
    app.get("/boom", async () => {
      throw new Error("secret database password in stack");
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers validation failures with 400, the first message and per-field messages", async () => {
    const response = await app.inject({ method: "POST", url: "/validate", payload: { title: "", n: "x" } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe("Story title is required");
    expect(body.code).toBe("VALIDATION");
    expect(body.fields.title).toBe("Story title is required");
    expect(body.fields.n).toBeTypeOf("string");
  });

  it("answers AppErrors with their status, code, message and extras", async () => {
    const response = await app.inject({ url: "/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "Changed elsewhere", code: "STALE_VERSION", currentVersion: 4 });
  });

  it("logs unknown errors and answers a plain 500 without details", async () => {
    const response = await app.inject({ url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: "Internal Server Error",
      code: "INTERNAL",
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain("secret");
    expect(JSON.stringify(logged)).toContain("secret database password in stack");
  });

  it("answers malformed JSON with 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/validate",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTypeOf("string");
  });
});
