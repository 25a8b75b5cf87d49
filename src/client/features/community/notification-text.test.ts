import { describe, expect, it } from "vitest";
import type { NotificationView } from "../../../shared/schemas/community";
import type { NotificationModeration } from "../../../shared/schemas/moderation";
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
  it("tells the writer their scheduled chapter, or their scheduled story, went live (issue 31)", () => {
    expect(say({ type: "chapter_live", actor: null, chapterNumber: 7 })).toEqual([
      "Chapter 7 went live: Tides",
      "/dashboard/story/7",
    ]);
    expect(say({ type: "chapter_live", actor: null, chapterNumber: null })).toEqual([
      "Tides went live",
      "/dashboard/story/7",
    ]);
  });

  it("tells the person acted on what a moderator did and why, and a reporter only that it was decided", () => {
    const moderation: NotificationModeration = {
      auditId: 9,
      action: "hide-comment",
      targetType: "comment",
      reason: "Personal attacks",
      label: "“You are awful”",
      rating: null,
      until: null,
      appealable: true,
      appealed: false,
    };
    const told = (m: Partial<typeof moderation>, type: NotificationView["type"] = "moderation_action") =>
      say({ type, story: null, actor: null, moderation: { ...moderation, ...m } })[0];
    expect(told({})).toBe("A moderator hid your comment “You are awful”. Reason: Personal attacks");
    expect(told({ action: "suspend-user", until: "2026-12-03T10:00:00.000Z", label: "ilsa", targetType: "user" })).toBe(
      "Your account was suspended until 3 December 2026. Reason: Personal attacks",
    );
    expect(told({ action: "set-rating", rating: "mature", label: "Tides" })).toBe(
      "A moderator changed the rating of Tides to Mature. Reason: Personal attacks",
    );
    expect(told({ action: "restore", label: "ilsa", targetType: "user" })).toBe(
      "A moderator restored your account. Reason: Personal attacks",
    );
    expect(told({ reason: null }, "report_decided")).toBe(
      "We reviewed your report about “You are awful” and took action. Thank you for helping keep FicForge safe.",
    );
    expect(told({ action: "dismiss", reason: null }, "report_decided")).toBe(
      "We reviewed your report about “You are awful”: we found it within the rules, so nothing changed.",
    );
  });

  it("says what happened and links where to act on it", () => {
    // A comment opens the Feedback panel at it (the editor it used to open showed neither).
    expect(say({})).toEqual(["ilsa commented on Tides", "/dashboard/story/7/details?comment=3"]);
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
