// @vitest-environment jsdom
// The dashboard's "Today's writing": words against the goal and the streak, the goal's bounds checked before it is
// sent, turning it off, and the browser's time zone sent when the kept one differs.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { HabitsView } from "../../../shared/schemas/habits";
import { createQueryClient } from "../../lib/query-client";
import { streakText, WritingGoalCard } from "./WritingGoalCard";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let habits: HabitsView;
let patches: Record<string, unknown>[];
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

beforeEach(() => {
  patches = [];
  habits = { dailyGoal: 500, timeZone: zone, today: "2026-11-26", todayWords: 120, streak: 2, metToday: false };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      if (key === "GET /api/habits") return json(habits);
      if (key === "PATCH /api/habits") {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        habits = { ...habits, ...body };
        return json(habits);
      }
      return json({ message: "Not found" }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WritingGoalCard />
    </QueryClientProvider>,
  );

it("shows today's words against the goal and the streak; the goal is checked, saved and turned off", async () => {
  renderCard();
  const card = await screen.findByTestId("writing-goal");
  expect(within(card).getByTestId("writing-goal-words").textContent).toBe("120 / 500 words");
  expect(within(card).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("24");
  expect(card.textContent).toContain("2-day streak. Keep it going today.");

  fireEvent.click(within(card).getByRole("button", { name: "Change goal" }));
  const input = within(card).getByLabelText("Daily goal (words)");
  fireEvent.change(input, { target: { value: "10001" } });
  fireEvent.click(within(card).getByRole("button", { name: "Save goal" }));
  expect(within(card).getByRole("alert").textContent).toBe("The daily goal must be between 50 and 10,000 words");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(patches).toEqual([]);

  fireEvent.change(input, { target: { value: "100" } });
  fireEvent.click(within(card).getByRole("button", { name: "Save goal" }));
  await waitFor(() => expect(card.textContent).toContain("120 / 100 words"));
  expect(patches).toEqual([{ dailyGoal: 100 }]);

  fireEvent.click(within(card).getByRole("button", { name: "Change goal" }));
  fireEvent.click(within(card).getByRole("button", { name: "Turn off goal" }));
  await waitFor(() => expect(within(card).getByTestId("writing-goal-words").textContent).toBe("120 words"));
  expect(card.textContent).toContain("Set a daily goal to keep a streak.");
  expect(within(card).queryByRole("progressbar")).toBeNull();
});

it("sends the browser's time zone when the kept one differs", async () => {
  habits = { ...habits, timeZone: zone === "UTC" ? "Asia/Tokyo" : "UTC" };
  renderCard();
  await waitFor(() => expect(patches).toEqual([{ timeZone: zone }]));
});

it("words the streak for each state", () => {
  const base = { dailyGoal: 50, timeZone: "UTC", today: "2026-11-26", todayWords: 0 };
  expect(streakText({ ...base, streak: 0, metToday: false })).toBe("Reach today's goal to start a streak.");
  expect(streakText({ ...base, streak: 1, metToday: true })).toBe("1-day streak. Goal met today!");
  expect(streakText({ ...base, dailyGoal: null, streak: 0, metToday: false })).toBe(
    "Set a daily goal to keep a streak.",
  );
});
