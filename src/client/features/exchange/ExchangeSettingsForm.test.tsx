// @vitest-environment jsdom
// The exchange settings once assignments were sent: the sign-up dates and the matching rules are locked (the server
// refuses a change to them), the due date and the reveal still move, and a refusal is shown at the form.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { EXCHANGE_SENT_LOCK, type ExchangeView } from "../../../shared/schemas/exchange";
import { createQueryClient } from "../../lib/query-client";
import { ExchangeSettingsForm } from "./ExchangeSettingsForm";

configure({ asyncUtilTimeout: 4000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const exchange = (matchingState: ExchangeView["matchingState"]): ExchangeView => ({
  collection: { name: "winter_swap", title: "Winter Swap" },
  signupOpensAt: "2026-11-01T10:00:00.000Z",
  signupClosesAt: "2026-11-10T10:00:00.000Z",
  dueAt: "2026-12-20T10:00:00.000Z",
  revealAt: null,
  rules: {
    minFandomMatch: 1,
    minCharacterMatch: 0,
    minRelationshipMatch: 0,
    offers: { min: 1, max: 5 },
    requests: { min: 1, max: 5 },
  },
  signupState: "closed",
  matchingState,
  maintainer: true,
  signedUp: false,
  signups: 3,
});

function renderForm(current: ExchangeView) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExchangeSettingsForm name="winter_swap" current={current} />
    </QueryClientProvider>,
  );
}

it("locks the sign-up dates and rules once assignments were sent, and keeps the due date and reveal open", () => {
  renderForm(exchange("sent"));
  expect(screen.getByText(/Assignments were sent/)).toBeTruthy();
  for (const label of ["Sign-ups open", "Sign-ups close", "Shared fandoms needed", "Requests: most of each"]) {
    expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
  }
  for (const label of ["Gifts due", "Reveal (optional)"]) {
    expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(false);
  }
});

it("leaves everything open before assignments are sent, and shows the server's refusal at the form", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ message: EXCHANGE_SENT_LOCK }), { status: 409 })),
  );
  renderForm(exchange("done"));
  expect(screen.queryByText(/Assignments were sent/)).toBeNull();
  expect((screen.getByLabelText("Sign-ups open") as HTMLInputElement).disabled).toBe(false);
  expect((screen.getByLabelText("Shared fandoms needed") as HTMLInputElement).disabled).toBe(false);
  fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
  expect((await screen.findByRole("alert")).textContent).toBe(EXCHANGE_SENT_LOCK);
});
