// @vitest-environment jsdom
// The bell's count refreshes by itself, cheaply: every minute while the tab is visible, never while it is hidden, at
// once when the tab shows again or the window gets focus (fetch stubbed, timers faked).
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { NotificationBell } from "./NotificationBell";
import { UNREAD_REFRESH_MS } from "./queries";

let unread = 0;
let asked = 0;

beforeEach(() => {
  // NOTE: only the interval is faked: TanStack Query tells React on a real zero timeout.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) !== "/api/notifications/unread-count") throw new Error(`unexpected ${String(input)}`);
      asked++;
      return new Response(JSON.stringify({ unread }), { headers: { "Content-Type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility("visible");
});

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  window.dispatchEvent(new Event("visibilitychange"));
}

// The stubbed answer is read and drawn on the real event loop: a few real turns.
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  });
const wait = async (ms: number) => {
  vi.advanceTimersByTime(ms);
  await settle();
};
const badge = () => screen.queryByTestId("notification-count")?.textContent ?? null;

it("asks every minute while visible, nothing while hidden, and at once on showing again or focus", async () => {
  unread = 2;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationBell collapsed={false} />
    </QueryClientProvider>,
  );
  await settle();
  const first = asked;
  expect(first).toBeGreaterThanOrEqual(1);
  expect(badge()).toBe("2");

  // A notification arrives; within a minute the badge shows it, with one more ask.
  unread = 3;
  await wait(UNREAD_REFRESH_MS - 1_000);
  expect([asked, badge()]).toEqual([first, "2"]);
  await wait(1_000);
  expect([asked, badge()]).toEqual([first + 1, "3"]);

  // Hidden for ten minutes: not one ask.
  setVisibility("hidden");
  unread = 7;
  await wait(10 * UNREAD_REFRESH_MS);
  expect([asked, badge()]).toEqual([first + 1, "3"]);

  // Shown again: at once, then every minute again.
  setVisibility("visible");
  await settle();
  expect([asked, badge()]).toEqual([first + 2, "7"]);
  await wait(UNREAD_REFRESH_MS);
  expect(asked).toBe(first + 3);

  // Back from another window (the tab was visible all along): at once.
  unread = 0;
  window.dispatchEvent(new Event("focus"));
  await settle();
  expect([asked, badge()]).toEqual([first + 4, null]);
});
