// Shared by the Discover component tests: a fake API, a story factory and the providers the components need.
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { PublishedStoryItem } from "../../shared/schemas/reading";
import { TooltipProvider } from "../components/ui/tooltip";
import { createQueryClient } from "../lib/query-client";
import { UNTAGGED_CARD } from "../../shared/tagging";

// NOTE: the machine is shared and busy; a debounce plus a fetch can take longer than the default second.
configure({ asyncUtilTimeout: 4000 });

export function story(id: number, over: Partial<PublishedStoryItem> = {}): PublishedStoryItem {
  return {
    id,
    title: `Story ${id}`,
    description: null,
    coverImage: null,
    moods: { romance: 80 },
    tags: [],
    fandoms: [],
    likeCount: 0,
    rating: "general",
    author: { username: `author${id}` },
    ...UNTAGGED_CARD,
    aiLabel: "none",
    aiShare: 0,
    ...over,
  };
}

/**
 * The signed-in reader's AI preference as the fake API keeps it (GET and PUT /api/me/reading-preferences), and the
 * bodies PUT there. Reset by each fakeApi call.
 */
export const fakePreferences: { ai: string; puts: unknown[] } = { ai: "any", puts: [] };

/**
 * Stubs fetch: `answer(url)` gives the JSON body (or a Response); every requested URL is recorded, but for the
 * reading preferences (see fakePreferences) and the saved filters (none).
 */
export function fakeApi(answer: (url: URL) => unknown, preference = "any") {
  const urls: URL[] = [];
  fakePreferences.ai = preference;
  fakePreferences.puts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname === "/api/me/reading-preferences") {
        if (init.method === "PUT") {
          const body = JSON.parse(String(init.body));
          fakePreferences.puts.push(body);
          fakePreferences.ai = body.ai;
        }
        return new Response(JSON.stringify({ ai: fakePreferences.ai }), {
          headers: { "Content-Type": "application/json" },
        });
      }
      // Issue 31: a reader without saved filters (their own tests fake these).
      if (url.pathname === "/api/saved-filters") {
        return new Response("[]", { headers: { "Content-Type": "application/json" } });
      }
      urls.push(url);
      const body = answer(url);
      return body instanceof Response
        ? body
        : new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    }),
  );
  return urls;
}

export function renderWithClient(ui: ReactNode) {
  const client = createQueryClient();
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <TooltipProvider>{ui}</TooltipProvider>
      </QueryClientProvider>,
    ),
  };
}
