// Which page loads the service worker may answer with the precached shell: app routes only, never the API, the
// server-rendered public pages, another origin or a non-navigation.
import { describe, expect, it } from "vitest";
import { formatSize, savedOn } from "../features/offline/offline-format";
import { servesShellOffline } from "./shell-route";

const ORIGIN = "https://ficforge.test";
const page = (path: string, mode = "navigate", method = "GET", origin = ORIGIN) =>
  servesShellOffline({ mode, method }, new URL(path, origin), ORIGIN);

describe("the offline shell", () => {
  it("answers page loads of the app's routes", () => {
    for (const path of ["/", "/dashboard", "/dashboard/bookmarks", "/dashboard/story/7/read", "/auth"]) {
      expect(page(path), path).toBe(true);
    }
  });

  it("leaves the API, public pages, assets, other origins and other requests to the network", () => {
    expect(page("/api/user")).toBe(false);
    expect(page("/api/stories/7/read")).toBe(false);
    expect(page("/s/7-storm-road")).toBe(false);
    expect(page("/u/writer")).toBe(false);
    expect(page("/t/fluff")).toBe(false);
    expect(page("/dashboard/no-such-page")).toBe(false);
    expect(page("/dashboard", "cors")).toBe(false);
    expect(page("/dashboard", "navigate", "POST")).toBe(false);
    expect(page("/dashboard", "navigate", "GET", "https://elsewhere.test")).toBe(false);
  });
});

describe("a saved work's size and date", () => {
  it("reads as bytes, KB or MB, and 'Saved on' a day", () => {
    expect(formatSize(640)).toBe("640 B");
    expect(formatSize(12_400)).toBe("12 KB");
    expect(formatSize(1_468_006)).toBe("1.4 MB");
    expect(savedOn("2026-11-29T12:00:00.000Z")).toBe("Saved on Nov 29, 2026");
  });
});
