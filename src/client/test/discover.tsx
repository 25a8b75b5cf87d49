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

/** Stubs fetch: `answer(url)` gives the JSON body (or a Response); every requested URL is recorded. */
export function fakeApi(answer: (url: URL) => unknown) {
  const urls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
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
