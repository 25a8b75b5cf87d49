// NSFW gating on the client: free users cannot turn it on, premium users can.
import { describe, expect, it } from "vitest";
import type { PublishedStoryItem } from "../../../shared/schemas/reading";
import { NO_STORIES_MESSAGE, NSFW_LOCKED_TOOLTIP, NSFW_UPGRADE_MESSAGE, nsfwGate, visibleItems } from "./nsfw-gate";
import { UNTAGGED_CARD } from "../../../shared/tagging";

const story = (id: number, rating: "general" | "mature"): PublishedStoryItem => ({
  id,
  title: `S${id}`,
  description: null,
  coverImage: null,
  moods: null,
  tags: [],
  fandoms: [],
  likeCount: 0,
  rating,
  author: { username: "a" },
  ...UNTAGGED_CARD,
  aiLabel: "none",
  aiShare: 0,
});

describe("nsfwGate", () => {
  it("keeps the lock's texts", () => {
    expect(NSFW_LOCKED_TOOLTIP).toBe("Unlock with FicForge Plus");
    expect(NSFW_UPGRADE_MESSAGE).toBe("Upgrade to FicForge Plus to view NSFW content");
  });

  it("locks the toggle for a free user, even one who asks for NSFW (a crafted ?nsfw=1)", () => {
    const gate = nsfwGate({ isPremium: false, wanted: true });
    expect(gate).toMatchObject({ toggleEnabled: false, showing: false, param: undefined, offerUpgrade: true });
    expect(gate.emptyMessage).toBe(NSFW_UPGRADE_MESSAGE);
  });

  it("lets a premium user switch it; nsfw=1 is sent only when on", () => {
    expect(nsfwGate({ isPremium: true, wanted: false })).toMatchObject({
      toggleEnabled: true,
      showing: false,
      param: undefined,
    });
    const on = nsfwGate({ isPremium: true, wanted: true });
    expect(on).toMatchObject({ toggleEnabled: true, showing: true, param: "1", offerUpgrade: false });
    expect(on.emptyMessage).toBe(NO_STORIES_MESSAGE);
  });

  it("never shows a mature item unless the toggle is on", () => {
    const items = [story(1, "general"), story(2, "mature")];
    expect(visibleItems(items, nsfwGate({ isPremium: false, wanted: true })).map((s) => s.id)).toEqual([1]);
    expect(visibleItems(items, nsfwGate({ isPremium: true, wanted: false })).map((s) => s.id)).toEqual([1]);
    expect(visibleItems(items, nsfwGate({ isPremium: true, wanted: true })).map((s) => s.id)).toEqual([1, 2]);
  });
});
