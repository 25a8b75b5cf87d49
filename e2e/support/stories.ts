// E2E helpers for stories made through the API (the journeys' own authors, signed in on `request`).
import { type APIRequestContext, expect } from "@playwright/test";

/** Creates and publishes a story; answers its id. */
export async function publishStory(
  request: APIRequestContext,
  story: { title: string; content: string; description: string; tags?: string[] },
): Promise<number> {
  const { title, content, description, tags } = story;
  const created = await request.post("/api/stories", { data: { title, content } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await request.post(`/api/stories/${id}/publish`, {
    data: { title, description, ...(tags ? { tags } : {}) },
  });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}
