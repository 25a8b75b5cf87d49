// @vitest-environment jsdom
// The moderation queue against the API contract (fetch stubbed): targets shown in place with their reasons, the
// actions each target allows, and what an action sends (days for a suspension, the reason).
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModerationQueue as Queue } from "../../../shared/schemas/moderation";
import { createQueryClient } from "../../lib/query-client";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const { ModerationQueue } = await import("./ModerationQueue");

configure({ asyncUtilTimeout: 4000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const QUEUE: Queue = {
  groups: [
    {
      kind: "report",
      targetType: "comment",
      targetId: "12",
      count: 2,
      reasons: { harassment: 1, hate: 1 },
      oldestAt: "2026-01-01T00:00:00.000Z",
      reports: [
        {
          id: 1,
          reason: "harassment",
          details: "Insults the author",
          createdAt: "2026-01-01T00:00:00.000Z",
          reporter: "ana",
        },
        { id: 2, reason: "hate", details: "", createdAt: "2026-01-01T00:01:00.000Z", reporter: null },
      ],
      target: {
        type: "comment",
        id: 12,
        text: "You are all worthless",
        author: { id: 4, username: "troll" },
        story: { id: 7, title: "Storm Road" },
        state: "visible",
      },
      owner: { id: 4, username: "troll", role: "user", suspendedUntil: null },
      appealOf: null,
    },
    {
      kind: "held",
      targetType: "comment",
      targetId: "13",
      count: 1,
      reasons: {},
      oldestAt: "2026-01-02T00:00:00.000Z",
      reports: [],
      target: {
        type: "comment",
        id: 13,
        text: "Read mine at www.example.com",
        author: { id: 5, username: "newbie" },
        story: { id: 7, title: "Storm Road" },
        state: "held",
      },
      owner: { id: 5, username: "newbie", role: "user", suspendedUntil: null },
      appealOf: null,
    },
  ],
};

describe("the moderation queue", () => {
  let posted: unknown[];
  beforeEach(() => {
    posted = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/moderation/reports") return json(QUEUE);
        if (url === "/api/moderation/actions" && init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return json({ auditId: 1, closedReports: 2 });
        }
        return json({ message: "Not found" }, 404);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each target in place with its reasons, and sends the action with its reason and days", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ModerationQueue />
      </QueryClientProvider>,
    );
    const items = await screen.findAllByTestId("queue-item");
    expect(items).toHaveLength(2);
    const [reported, held] = items as [HTMLElement, HTMLElement];
    expect(within(reported).getByText("2 reports")).toBeTruthy();
    expect(within(reported).getByText("Harassment")).toBeTruthy();
    expect(within(reported).getByText("Hateful content")).toBeTruthy();
    expect(within(reported).getByTestId("queue-comment-text").textContent).toBe("You are all worthless");
    expect(within(reported).getByText("[deleted user]")).toBeTruthy();
    // A held comment is approved (Restore) or rejected (Hide); a report may be dismissed.
    const heldOptions = within(held)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(heldOptions[0]).toBe("Approve the comment");
    expect(heldOptions).not.toContain("Dismiss (no rule broken)");

    const apply = within(reported).getByRole("button", { name: "Apply" }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(reported).getByLabelText("Action"), { target: { value: "suspend-user" } });
    fireEvent.change(within(reported).getByLabelText("Days"), { target: { value: "3" } });
    fireEvent.change(within(reported).getByLabelText(/^Reason/), { target: { value: "Repeated insults" } });
    fireEvent.click(apply);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: "suspend-user",
      targetType: "comment",
      targetId: "12",
      reason: "Repeated insults",
      days: 3,
    });
  });
});
