// The client's zod never builds code at run time: under the app's CSP that attempt is a reported violation.
import { afterEach, expect, it } from "vitest";

const RealFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = RealFunction;
});

it("parses objects without constructing a Function (no eval probe for the CSP to report)", async () => {
  await import("./zod-jitless");
  const { z } = await import("zod");
  let built = 0;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args) {
      built += 1;
      return Reflect.construct(target, args);
    },
  });
  const Story = z.object({ id: z.number(), title: z.string() });
  expect(Story.parse({ id: 1, title: "A" })).toEqual({ id: 1, title: "A" });
  expect(Story.safeParse({ id: "x" }).success).toBe(false);
  expect(built).toBe(0);
});
