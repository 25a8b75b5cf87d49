import { describe, expect, it } from "vitest";
import type { NotificationView } from "../../../shared/schemas/community";
import { notificationText, timeAgo } from "./notification-text";

const base: NotificationView = {
  id: 1,
  type: "comment",
  createdAt: "2026-01-01T00:00:00.000Z",
  read: false,
  actor: { username: "ilsa" },
  story: { id: 7, title: "Tides" },
  commentId: 3,
  chapterNumber: null,
  milestone: null,
};
const say = (n: Partial<NotificationView>) => {
  const t = notificationText({ ...base, ...n });
  return [`${t.before}${t.title ?? ""}${t.after ?? ""}`, t.href];
};

describe("notification texts", () => {
  it("says what happened and links where to act on it", () => {
    expect(say({})).toEqual(["ilsa commented on Tides", "/dashboard/story/7"]);
    expect(say({ type: "reply" })).toEqual(["ilsa replied to your comment on Tides", "/dashboard/story/7/read"]);
    expect(say({ type: "new_chapter", chapterNumber: 2 })).toEqual([
      "ilsa posted chapter 2 of Tides",
      "/dashboard/story/7/read",
    ]);
    expect(say({ type: "new_story" })).toEqual(["ilsa published a new story: Tides", "/dashboard/story/7/read"]);
    expect(say({ type: "new_follower", story: null })).toEqual(["ilsa started following you", "/u/ilsa"]);
    expect(say({ type: "like_milestone", milestone: 1000, actor: null })).toEqual([
      "Tides reached 1,000 likes",
      "/dashboard/story/7/details",
    ]);
    // A story the reader may no longer read: no title, no link to it.
    expect(say({ type: "new_story", story: null })).toEqual([
      "About a story that is no longer available",
      "/dashboard/notifications",
    ]);
  });

  it("tells time relatively", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(timeAgo("2026-01-01T11:59:50Z", now)).toBe("just now");
    expect(timeAgo("2026-01-01T11:55:00Z", now)).toBe("5 minutes ago");
    expect(timeAgo("2025-12-31T12:00:00Z", now)).toBe("yesterday");
    expect(timeAgo("2025-12-11T12:00:00Z", now)).toBe("3 weeks ago");
  });
});
