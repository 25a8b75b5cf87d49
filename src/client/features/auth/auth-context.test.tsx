// @vitest-environment jsdom
// The auth context's promises: a fresh slate on login and logout, a first sign-in greeted as
// such, and no use outside its provider.
import type { UserView } from "../../../shared/schemas/accounts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { AuthProvider, useAuth } from "./auth-context";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const { toast } = await import("../../components/ui/toaster");

const USER: UserView = {
  id: 7,
  username: "kai",
  email: "kai@example.com",
  description: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  emailVerified: true,
  authProvider: "email",
  isPremium: false,
  subscriptionStatus: null,
  subscriptionExpiresAt: null,
  dailyPromptCount: 0,
  lastPromptDate: null,
  subscriptionCancelAtPeriodEnd: false,
};

/** The server as the client sees it: signed out until /api/login succeeds. */
function serve(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${url}`;
      calls.push(key);
      const answer = routes[key];
      return answer ? answer() : new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    }),
  );
  return calls;
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useAuth(), { wrapper }) };
}

function Orphan() {
  useAuth();
  return null;
}

// The browser's cookies as the page reads them: the hint the server sets beside the session, unless a test
// takes it away (without it the context does not ask, see below).
const SIGNED_IN = "ff_signed_in=1";
let cookies = SIGNED_IN;
let cookieReads = 0;
Object.defineProperty(document, "cookie", {
  configurable: true,
  get: () => {
    cookieReads += 1;
    return cookies;
  },
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
  localStorage.clear();
  sessionStorage.clear();
  cookies = SIGNED_IN;
  cookieReads = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("auth context", () => {
  it("throws when used outside its provider", () => {
    // NOTE: React reports the render error on console.error as well; that report is the point here, not a stray.
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow("useAuth must be used within an AuthProvider");
  });

  it("reads a 401 from /api/user as nobody signed in", async () => {
    serve({ "GET /api/user": json({ message: "Not authenticated" }, 401) });
    const { result } = setup();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it("does not ask for the user when the browser has no signed-in hint", async () => {
    cookies = "";
    const calls = serve({ "GET /api/user": json(USER) });
    const { result } = setup();
    expect(result.current.isLoading).toBe(false);
    expect(result.current.user).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });

  it("clears every cached query and both storages on login, then sets the user", async () => {
    serve({ "GET /api/user": json({ message: "Not authenticated" }, 401), "POST /api/login": json(USER) });
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    queryClient.setQueryData(["/api/stories"], [{ id: 1, title: "someone else's" }]);
    localStorage.setItem("sidebar-collapsed", "true");
    sessionStorage.setItem("draft", "x");

    await act(() => result.current.loginMutation.mutateAsync({ email: USER.email, password: "pw" }));

    await waitFor(() => expect(result.current.user).toEqual(USER));
    expect(queryClient.getQueryData(["/api/stories"])).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(USER);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(toast).toHaveBeenCalledWith({ title: "Login successful", description: "Welcome back!" });
  });

  it("greets a first sign-in as such, for this visit only, and keeps the flag out of the cached user", async () => {
    serve({
      "GET /api/user": json({ message: "Not authenticated" }, 401),
      "POST /api/login": json({ ...USER, firstSignIn: true }),
    });
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.firstVisit).toBe(false);

    await act(() => result.current.loginMutation.mutateAsync({ email: USER.email, password: "pw" }));

    await waitFor(() => expect(result.current.user).toEqual(USER));
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(USER);
    expect(result.current.firstVisit).toBe(true);
    expect(toast).toHaveBeenCalledWith({ title: "Login successful", description: "Welcome to FicForge!" });

    // A reload of the same tab is still the first visit; a logout ends it.
    serve({ "GET /api/user": json(USER), "POST /api/logout": json({ success: true }) });
    const reloaded = setup();
    await waitFor(() => expect(reloaded.result.current.user).toEqual(USER));
    expect(reloaded.result.current.firstVisit).toBe(true);
    await act(() => reloaded.result.current.logoutMutation.mutateAsync());
    await waitFor(() => expect(reloaded.result.current.user).toBeNull());
    expect(reloaded.result.current.firstVisit).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });

  it("treats a login answer without firstSignIn (or false) as a returning user", async () => {
    serve({
      "GET /api/user": json({ message: "Not authenticated" }, 401),
      "POST /api/login": json({ ...USER, firstSignIn: false }),
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(() => result.current.loginMutation.mutateAsync({ email: USER.email, password: "pw" }));
    await waitFor(() => expect(result.current.user).toEqual(USER));
    expect(result.current.firstVisit).toBe(false);
    expect(toast).toHaveBeenCalledWith({ title: "Login successful", description: "Welcome back!" });
  });

  it("toasts 'Login failed' with the server's message and keeps nobody signed in", async () => {
    serve({
      "GET /api/user": json({ message: "Not authenticated" }, 401),
      "POST /api/login": json({ message: "Invalid email or password" }, 401),
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(async () => {
      await expect(result.current.loginMutation.mutateAsync({ email: USER.email, password: "no" })).rejects.toThrow(
        "401: ",
      );
    });
    expect(result.current.user).toBeNull();
    expect(toast).toHaveBeenCalledWith({
      title: "Login failed",
      description: "Invalid email or password",
      variant: "destructive",
    });
  });

  it("clears the caches and storages on logout and leaves nobody signed in", async () => {
    serve({ "GET /api/user": json(USER), "POST /api/logout": json({ success: true }) });
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.user).toEqual(USER));
    queryClient.setQueryData(["/api/bookmarks"], [{ id: 2 }]);
    localStorage.setItem("sidebar-collapsed", "true");

    await act(() => result.current.logoutMutation.mutateAsync());

    await waitFor(() => expect(result.current.user).toBeNull());
    expect(queryClient.getQueryData(["/api/bookmarks"])).toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(toast).toHaveBeenCalledWith({ title: "Logged out", description: "You have been logged out successfully." });
  });

  it("does not sign in on registration and passes the server's message on", async () => {
    const calls = serve({
      "GET /api/user": json({ message: "Not authenticated" }, 401),
      "POST /api/register": json({ message: "Please check your email to verify your account." }),
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(() =>
      result.current.registerMutation.mutateAsync({ username: "kai", email: USER.email, password: "Str0ng!Pass" }),
    );
    expect(result.current.user).toBeNull();
    expect(calls).toEqual(["GET /api/user", "POST /api/register"]);
    expect(toast).toHaveBeenCalledWith({
      title: "Registration successful",
      description: "Please check your email to verify your account.",
    });
  });

  it("reads the signed-in hint once per load, however often it renders", async () => {
    serve({ "GET /api/user": json(USER) });
    const { result, rerender } = setup();
    await waitFor(() => expect(result.current.user).toEqual(USER));
    for (let i = 0; i < 5; i++) rerender();
    expect(cookieReads).toBe(1);
  });

  it("after a sign-in on a page loaded signed out, refetches the user when it is invalidated", async () => {
    cookies = "";
    const calls = serve({ "POST /api/login": json(USER), "GET /api/user": json({ ...USER, username: "kai2" }) });
    const { result, queryClient } = setup();
    await act(() => result.current.loginMutation.mutateAsync({ email: USER.email, password: "pw" }));
    cookies = SIGNED_IN; // the login answer's Set-Cookie
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.user }));
    await waitFor(() => expect(result.current.user?.username).toBe("kai2"));
    expect(calls).toEqual(["POST /api/login", "GET /api/user"]);
  });

  it("after a sign-out, does not ask for the user again when it is invalidated", async () => {
    const calls = serve({ "GET /api/user": json(USER), "POST /api/logout": json({ success: true }) });
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.user).toEqual(USER));
    await act(() => result.current.logoutMutation.mutateAsync());
    cookies = ""; // the logout answer clears the hint
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.user }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.user).toBeNull();
    expect(calls).toEqual(["GET /api/user", "POST /api/logout"]);
  });
});
