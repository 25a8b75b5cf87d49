// Discover pages: GET /api/published-stories answers a bare JSON array and puts the next page's
// cursor in a header, so the infinite list needs a query function that reads both.
import { HIDDEN_BY_AI_HEADER, NEXT_CURSOR_HEADER, type PublishedStoryItem } from "../../../shared/schemas/reading";
import { throwIfNotOk } from "../../lib/api";
import { urlOfKey } from "../../lib/query-keys";

export interface PublishedPage {
  items: PublishedStoryItem[];
  /** null on the last page. */
  nextCursor: string | null;
  /** Works the reader's AI filter left out of this page (0 when the header is absent or not a count). */
  hiddenByAi: number;
}

/** The hidden-by-AI header as a count: digits only, else 0. */
export function hiddenByAiOf(res: Response): number {
  const value = res.headers.get(HIDDEN_BY_AI_HEADER)?.trim() ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/** One page of the list a `queryKeys.published(params)` key names, starting at `cursor` (the first page without). */
export async function fetchPublishedPage(
  queryKey: readonly unknown[],
  cursor: string | null | undefined,
  signal?: AbortSignal,
): Promise<PublishedPage> {
  const [path, params] = queryKey;
  const url = urlOfKey([path, { ...(params as object | undefined), cursor: cursor ?? undefined }]);
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfNotOk(res);
  const body: unknown = await res.json();
  // NOTE: tolerate a paginated `{ items, nextCursor }` body too, so a server answering either shape works.
  if (Array.isArray(body)) {
    return {
      items: body as PublishedStoryItem[],
      nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null,
      hiddenByAi: hiddenByAiOf(res),
    };
  }
  const page = (body ?? {}) as { items?: unknown; nextCursor?: unknown };
  return {
    items: Array.isArray(page.items) ? (page.items as PublishedStoryItem[]) : [],
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || (typeof page.nextCursor === "string" && page.nextCursor) || null,
    hiddenByAi: hiddenByAiOf(res),
  };
}
