import { describe, expect, it } from "vitest";
import { dataUrlBytes, encodeWithinLimit } from "./encode-cover";

/** A fake encoder whose output size is a function of quality; it records each quality it was asked for. */
function fakeEncoder(bytesAt: (quality: number) => number) {
  const calls: number[] = [];
  const encode = (quality: number) => {
    calls.push(quality);
    const bytes = bytesAt(quality);
    // 3 bytes → 4 base64 characters; pad the remainder like a real encoder would.
    const groups = Math.ceil(bytes / 3);
    const pad = groups * 3 - bytes;
    return `data:image/jpeg;base64,${"A".repeat(groups * 4 - pad)}${"=".repeat(pad)}`;
  };
  return { encode, calls };
}

describe("dataUrlBytes", () => {
  it("counts decoded bytes, minding padding", () => {
    expect(dataUrlBytes("data:image/jpeg;base64,QUJD")).toBe(3);
    expect(dataUrlBytes("data:image/jpeg;base64,QUI=")).toBe(2);
    expect(dataUrlBytes("data:image/jpeg;base64,QQ==")).toBe(1);
  });
});

describe("encodeWithinLimit", () => {
  it("keeps quality 0.9 when the first encoding already fits", async () => {
    const { encode, calls } = fakeEncoder(() => 500_000);
    const result = await encodeWithinLimit(encode);
    expect(calls).toEqual([0.9]);
    expect(result.quality).toBe(0.9);
    expect(result.bytes).toBe(500_000);
  });

  it("steps down by 0.1 until the result is at most 1 MB", async () => {
    // 0.9 → 1.8 MB, 0.8 → 1.6 MB, 0.7 → 1.4 MB, 0.6 → 1.2 MB, 0.5 → 1.0 MB (fits).
    const { encode, calls } = fakeEncoder((q) => Math.round(q * 2 * 1024 * 1024));
    const result = await encodeWithinLimit(encode);
    expect(calls).toEqual([0.9, 0.8, 0.7, 0.6, 0.5]);
    expect(result.quality).toBe(0.5);
    expect(result.bytes).toBe(1024 * 1024);
  });

  it("stops at quality 0.1 and returns that attempt when nothing fits", async () => {
    const { encode, calls } = fakeEncoder(() => 3 * 1024 * 1024);
    const result = await encodeWithinLimit(encode);
    expect(calls).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
    expect(result.quality).toBe(0.1);
    expect(result.bytes).toBe(3 * 1024 * 1024);
  });

  it("treats exactly the target as fitting and honours custom options", async () => {
    const { encode, calls } = fakeEncoder((q) => (q > 0.55 ? 101 : 100));
    const result = await encodeWithinLimit(encode, { targetBytes: 100, start: 0.8, step: 0.25, min: 0.3 });
    expect(calls).toEqual([0.8, 0.55]);
    expect(result.quality).toBe(0.55);
  });

  it("accepts an async encoder", async () => {
    const result = await encodeWithinLimit(async () => "data:image/jpeg;base64,QUJD");
    expect(result).toEqual({ dataUrl: "data:image/jpeg;base64,QUJD", quality: 0.9, bytes: 3 });
  });
});
