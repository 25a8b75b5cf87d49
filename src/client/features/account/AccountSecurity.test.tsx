// @vitest-environment jsdom
// Settings → Account and security: the devices list with 'This device', signing one out, and the deletion dialog
// that stays shut until the username is typed and sends what the person chose.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import SettingsPage from "../../pages/SettingsPage";
import { json, plusUser, renderSignedIn, serve } from "../../test/upgrade";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const { toast } = await import("../../components/ui/toaster");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const sessions = [
  {
    id: "a".repeat(32),
    browser: "Chrome 126",
    system: "macOS",
    createdAt: "2026-11-20T10:00:00.000Z",
    lastSeenAt: "2026-11-26T10:00:00.000Z",
    current: true,
  },
  {
    id: "b".repeat(32),
    browser: "Safari 17",
    system: "iOS 17.5",
    createdAt: "2026-11-21T10:00:00.000Z",
    lastSeenAt: "2026-11-25T09:00:00.000Z",
    current: false,
  },
];

describe("Account and security", () => {
  it("lists the devices and signs one out", async () => {
    let items = sessions;
    const calls = serve({
      "GET /api/user": () => json(plusUser()),
      "GET /api/account/sign-in-methods": () => json({ hasPassword: true, google: false, googleAvailable: false }),
      "GET /api/account/sessions": () => json({ items }),
      "GET /api/account/export/status": () => json({ nextExportAt: null }),
      [`DELETE /api/account/sessions/${"b".repeat(32)}`]: () => {
        items = sessions.slice(0, 1);
        return json({ ended: 1, current: false });
      },
    });
    renderSignedIn(<SettingsPage />, "/dashboard/settings");
    const list = await screen.findByRole("list", { name: "Signed-in devices" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(within(list).getByText("This device")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign out Safari 17 on iOS 17.5" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(calls).toContain(`DELETE /api/account/sessions/${"b".repeat(32)}`);
    expect(screen.queryByRole("button", { name: "Sign out of all other devices" })).toBeNull();
  });

  it("deletes only once the username is typed, with the password and the choice for the stories", async () => {
    const user = plusUser();
    let sent: unknown;
    serve({
      "GET /api/user": () => json(user),
      "GET /api/account/sign-in-methods": () => json({ hasPassword: true, google: false, googleAvailable: false }),
      "GET /api/account/sessions": () => json({ items: sessions.slice(0, 1) }),
      "GET /api/account/export/status": () => json({ nextExportAt: null }),
    });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "DELETE" && String(input) === "/api/account") {
        sent = JSON.parse(String(init.body));
        return json({ message: "Your account has been deleted." });
      }
      return original(input, init);
    });
    renderSignedIn(<SettingsPage />, "/dashboard/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Delete account" }));
    const form = await screen.findByRole("form", { name: "Delete account" });
    const confirm = within(form).getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Type your username/), { target: { value: "someone" } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Type your username/), { target: { value: user.username } });
    fireEvent.click(within(form).getByRole("radio", { name: /Delete them/ }));
    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "Str0ng!Pass" } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(sent).toEqual({ username: user.username, currentPassword: "Str0ng!Pass", stories: "delete" }),
    );
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(expect.objectContaining({ title: "Account deleted" })),
    );
  });
});
