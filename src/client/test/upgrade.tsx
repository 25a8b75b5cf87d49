// Shared by the FicForge Plus component tests: a signed-in user served by a fake API, rendered under the real auth
// context (so a reloaded user reaches every component, as in the app).
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { UserView } from "../../shared/schemas/accounts";
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from "../../shared/signed-in-hint";
import { TooltipProvider } from "../components/ui/tooltip";
import { createQueryClient } from "../lib/query-client";
import { AuthProvider } from "../features/auth/auth-context";

// NOTE: the machine is shared and busy; polling plus a fetch can take longer than the default second.
configure({ asyncUtilTimeout: 6000 });

export function plusUser(over: Partial<UserView> = {}): UserView {
  return {
    id: 7,
    username: "kai",
    email: "kai@example.com",
    description: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    emailVerified: true,
    authProvider: "email",
    isPremium: false,
    subscriptionStatus: null,
    subscriptionExpiresAt: null,
    subscriptionCancelAtPeriodEnd: false,
    dailyPromptCount: 0,
    lastPromptDate: null,
    ...over,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Route = () => Response | Promise<Response>;

/** Stubs fetch with "METHOD /path" routes (an unknown one is a 404); every call is recorded as "METHOD /path". */
export function serve(routes: Record<string, Route>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${new URL(input, "http://localhost").pathname}`;
      calls.push(key);
      const route = routes[key];
      return route ? route() : json({ message: "Not found" }, 404);
    }),
  );
  return calls;
}

/** Renders `ui` at `path` for a signed-in browser (the hint cookie makes the auth context load GET /api/user). */
export function renderSignedIn(ui: ReactNode, path = "/dashboard") {
  window.history.replaceState(null, "", path);
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API, and the app reads document.cookie.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${SIGNED_IN_HINT_VALUE}; path=/`;
  const client = createQueryClient();
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <TooltipProvider>{ui}</TooltipProvider>
        </AuthProvider>
      </QueryClientProvider>,
    ),
  };
}
