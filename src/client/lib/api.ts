// The one fetch wrapper: session credentials, JSON bodies, one error format for every failure.
import { urlOfKey } from "./query-keys";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    // The message is "status: body text", or the status text when the body is empty.
    super(`${status}: ${body || statusText}`);
  }

  /** The parsed JSON error body, when there is one. */
  get data(): { message?: string; code?: string; fields?: Record<string, string>; [k: string]: unknown } {
    try {
      const parsed = JSON.parse(this.body);
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return {};
    }
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** Mutations: JSON body only when a payload is given. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The human part of an error: the server's message when it sent JSON, else the error text. */
export function errorMessage(error: unknown, fallback = "Something went wrong"): string {
  if (error instanceof ApiError) return error.data.message ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** Reads use the query key's first element as the URL (plus a second element's parameters, see query-keys.ts). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => {
    const res = await fetch(urlOfKey(queryKey), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
