// Journey (issue 27 §1, the writer's side): a writer publishes and finds the public page from the toast, the editor
// and the details page; edits the description there; restores an older version knowing readers see it; reads
// History's labels; follows a comment notification to the comment; and is greeted as a writer with stories, with
// Home (not Discover) current on the dashboard. At 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { type GenerateAnswer, OPENING_SCENE_PROMPT } from "../src/shared/schemas/marin";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, newUser, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";

const shot = (file: string) => `/tmp/writer-finds-${file}`;
const p = (text: string) => `<p>${text}</p>`;

for (const viewport of [DESKTOP, PHONE]) {
  test(`a writer publishes and finds the public page, then edits the description (${viewport.width} px)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(viewport);
    await signIn(page, await createVerifiedUser(page.request));
    const created = await page.request.post("/api/stories", {
      data: { title: "Lantern Road", content: p("Chapter 1") + p("The road was lit by lanterns.") },
    });
    const { id } = (await created.json()) as StoryView;
    await page.goto(`/dashboard/story/${id}`);
    await expect(page.getByTestId("public-links")).toHaveCount(0);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
    await dialog.getByLabel("Description").fill("Lanterns along a road.");
    await dialog.getByRole("button", { name: "Publish Story" }).click();

    // The toast and the editor's header both lead to the public page.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Story published" });
    await expect(toast.getByRole("link", { name: "View public page" })).toHaveAttribute(
      "href",
      `/s/${id}-lantern-road`,
    );
    await page.screenshot({ path: shot(`toast-${viewport.width}.png`) });
    const header = page.locator("header").filter({ has: page.getByRole("textbox", { name: "Story title" }) });
    await expect(header.getByRole("link", { name: "View public page" })).toHaveAttribute(
      "href",
      `/s/${id}-lantern-road`,
    );
    await header.getByRole("button", { name: "Copy link" }).click();
    await expect(header.getByRole("button", { name: "Link copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/s/${id}-lantern-road$`));
    await page.screenshot({ path: shot(`editor-${viewport.width}.png`) });

    // The details page: a published story's subtitle, the links, and the description given at publish, editable.
    await page.goto(`/dashboard/story/${id}/details`);
    await expect(page.getByText("Published: change what readers see of your story.")).toBeVisible();
    await expect(page.getByText("Tell us more about your story idea!")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "View public page" })).toHaveAttribute("href", `/s/${id}-lantern-road`);
    const description = page.getByLabel("Description");
    await expect(description).toHaveValue("Lanterns along a road.");
    // Emptied, it is refused as at publish.
    await description.fill("   ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Description required").first()).toBeVisible();
    await description.fill("Lanterns along a road, and who lit them.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Changes saved")).toBeVisible();
    const publicPage = await page.request.get(`/s/${id}-lantern-road`);
    expect(await publicPage.text()).toContain("Lanterns along a road, and who lit them.");
    // Export: free on every plan, and it says so where the buttons are.
    const exports = page.getByTestId("story-export");
    await expect(exports).toContainText("Free on every plan");
    const epub = await page.request.get((await exports.getByRole("link", { name: "EPUB" }).getAttribute("href"))!);
    expect(epub.status()).toBe(200);
    await page.getByTestId("public-links").scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`details-${viewport.width}.png`) });
  });
}

test("a mature story says it has no public page and copies the app link", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", { data: { title: "Night Garden", content: p("Dark.") } });
  const { id } = (await created.json()) as StoryView;
  const published = await page.request.post(`/api/stories/${id}/publish`, {
    data: { title: "Night Garden", description: "After dark.", markedMature: true },
  });
  expect(published.status()).toBe(200);
  await page.goto(`/dashboard/story/${id}/details`);
  const links = page.getByTestId("public-links");
  await expect(links).toContainText("Mature stories have no public page");
  await expect(links.getByRole("button", { name: "Copy app link" })).toBeVisible();
  await expect(links.getByRole("link", { name: "View public page" })).toHaveCount(0);
});

test("restoring a published story's version says readers see it and which chapters go; History names Marin", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, await createVerifiedUser(page.request));
  // The wizard's opening scene as it was saved before it named its author: Marin's text in its wrapper, no origin.
  const created = await page.request.post("/api/stories", { data: { title: "Reef Tides", content: "" } });
  const story = (await created.json()) as StoryView;
  const scene = await page.request.post("/api/generate-content", {
    data: { storyId: story.id, prompt: OPENING_SCENE_PROMPT, isAutoGenerated: true },
  });
  const { content } = (await scene.json()) as GenerateAnswer;
  const opening = `<div class="generated-content" data-model="Offline storyteller" data-generated-at="2026-01-01T00:00:00.000Z">${content}</div>`;
  expect((await page.request.patch(`/api/stories/${story.id}`, { data: { content: opening } })).status()).toBe(200);
  // Chapter 2, written by the writer (and kept as Marin's insertion would be, so both texts are versions).
  const grown = opening + p("Chapter 2") + p("The tide turned at noon.");
  const saved = await page.request.patch(`/api/stories/${story.id}`, {
    data: { content: grown, versionOrigin: { origin: "marin", model: "Offline storyteller" } },
  });
  expect(saved.status()).toBe(200);
  const published = await page.request.post(`/api/stories/${story.id}/publish`, {
    data: { title: "Reef Tides", description: "Tides on a reef." },
  });
  expect(published.status()).toBe(200);

  await page.goto(`/dashboard/story/${story.id}`);
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  const versions = history.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
  // The oldest is the opening scene, all Marin's words: not 'You'.
  await expect(versions.last()).toContainText("Marin");
  await expect(versions.last()).not.toContainText("You");
  await versions.last().getByRole("button").click();
  await history.getByRole("button", { name: "Restore" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
  await expect(confirm).toContainText("Readers will see this version now.");
  await expect(confirm).toContainText("These chapters disappear from your public page: Chapter 2.");
  await shootBothWidths(page, "restore-confirm", shot, confirm);
  await resizeTo(page, PHONE);
  await confirm.getByRole("button", { name: "Restore for readers" }).click();
  await expect(page.getByText("Version restored")).toBeVisible();
  const read = await (await page.request.get(`/api/stories/${story.id}/read`)).json();
  expect(read.chapters).toHaveLength(1);
});

test("a comment notification opens the Feedback panel at the comment; the dashboard greets a writer with stories", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const author = await createVerifiedUser(page.request);
  await signIn(page, author);
  const id = await publishStory(page.request, {
    title: "Harbour Bells",
    content: p("Bells rang over the harbour."),
    description: "Bells.",
  });
  await page.request.post("/api/stories", { data: { title: "Second Draft", content: p("More.") } });

  // Two stories: not 'Start your first story'; Home is the current item, not Discover.
  await page.goto("/dashboard");
  await expect(page.getByText("Pick up where you left off, or start something new.")).toBeVisible();
  await expect(page.getByText("Start your first story")).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Discover" })).not.toHaveAttribute("aria-current", "page");

  const other = await browser.newContext({ baseURL });
  try {
    const reader = newUser();
    await createVerifiedUser(other.request, reader);
    const login = await other.request.post("/api/login", { data: { email: reader.email, password: reader.password } });
    expect(login.status()).toBe(200);
    const comment = await other.request.post(`/api/stories/${id}/comments`, { data: { content: "The bells!" } });
    expect(comment.status(), await comment.text()).toBe(201);
  } finally {
    await other.close();
  }

  await expect(async () => {
    await page.goto("/dashboard/notifications");
    await expect(page.getByTestId("notification").first()).toContainText("commented on", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId("notification").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/story/${id}/details\\?comment=\\d+$`));
  const panel = page.getByRole("dialog", { name: "Feedback" });
  const focused = panel.locator("li[aria-current=true]");
  await expect(focused).toContainText("The bells!");
  await shootBothWidths(page, "feedback-at-comment", shot, focused);
});
