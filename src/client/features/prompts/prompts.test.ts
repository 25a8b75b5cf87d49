import { describe, expect, it } from "vitest";
import { forgetFill, pendingFill, promptExcerpt, rememberFill } from "./pending-fill";
import { addTag } from "./prompt-form";

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe("prompt meme client logic", () => {
  it("adds tags once in any case, collapses spaces, and stops at the limit", () => {
    expect(addTag([], "  Slow   Burn ")).toEqual(["Slow Burn"]);
    expect(addTag(["Slow Burn"], "slow burn")).toEqual(["Slow Burn"]);
    expect(addTag(["a"], "   ")).toEqual(["a"]);
    expect(addTag(["a", "b"], "c", 2)).toEqual(["a", "b"]);
  });

  it("remembers the prompt a new work fills until it is forgotten, and ignores a damaged entry", () => {
    const store = memoryStore();
    expect(pendingFill(store)).toBeNull();
    rememberFill({ promptId: 7, excerpt: "Two rivals", collectionTitle: "Umbrella Week" }, store);
    expect(pendingFill(store)).toEqual({ promptId: 7, excerpt: "Two rivals", collectionTitle: "Umbrella Week" });
    forgetFill(store);
    expect(pendingFill(store)).toBeNull();
    store.setItem("ficforge.pendingFill", "{not json");
    expect(pendingFill(store)).toBeNull();
    store.setItem("ficforge.pendingFill", JSON.stringify({ promptId: -3 }));
    expect(pendingFill(store)).toBeNull();
  });

  it("cuts a long prompt at a word for the dialog's line", () => {
    expect(promptExcerpt("Short  and\nsweet")).toBe("Short and sweet");
    const cut = promptExcerpt("word ".repeat(40), 30);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).not.toMatch(/wor…$/);
  });
});
