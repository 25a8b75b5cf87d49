// Journey: a writer creates a story with the wizard, customizes it on the details page and deletes it from
// the dashboard carousel.
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn, type TestUser } from "./support/accounts";
import { makePng } from "./support/images";

interface StoryJson {
  id: number;
  content: string;
  title: string;
  description: string;
  themes: unknown;
  characters: unknown;
  setting: string;
  plotIdeas: string;
  moods: unknown;
  fandoms: unknown;
  tags: string[];
  coverImage: string | null;
  version: number;
}

async function getStory(page: Page, id: string): Promise<StoryJson> {
  const response = await page.request.get(`/api/stories/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoryJson;
}

let user: TestUser;
test.beforeEach(async ({ page, request }) => {
  user = await createVerifiedUser(request);
  await signIn(page, user);
});

test("the wizard creates a story from themes, details and moods, then opens the editor", async ({ page }) => {
  await expect(page.getByRole("heading", { name: `Welcome back, ${user.username}!` })).toBeVisible();
  await page.getByRole("link", { name: "Start Writing" }).click();
  await expect(page).toHaveURL(/\/dashboard\/create$/);

  // Step 1: themes. NSFW is locked for a free account; at least one theme is needed.
  await expect(page.getByRole("heading", { name: "Choose Themes" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "16");
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await page.getByRole("button", { name: "NSFW (FicForge Plus only)" }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgrade$/);
  await page.goto("/dashboard/create");
  await page.getByRole("button", { name: /^Slow Burn/ }).click();
  await page.getByRole("button", { name: /^Adventure/ }).click();
  await expect(page.getByRole("button", { name: /^Slow Burn/ })).toHaveAttribute("aria-pressed", "true");
  await next.click();

  // Step 2: details, with live filtering and the limit note.
  await expect(page.getByRole("heading", { name: "Story Details" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
  const title = page.getByLabel("Story Title");
  await title.fill("The Long Road <script>@home");
  await expect(title).toHaveValue("The Long Road scripthome");
  await title.fill("The Long Road Home");
  const setting = page.getByLabel("Setting", { exact: true });
  await setting.fill("A floating city. ".repeat(40));
  await expect(setting).toHaveValue("A floating city. ".repeat(40).slice(0, 560));
  await expect(page.getByText("Maximum 560 characters reached")).toBeVisible();
  await setting.fill("A floating city above the clouds");
  await expect(page.getByText("Maximum 560 characters reached")).toBeHidden();
  await page.getByLabel("Character description").fill("Two rival sky pirates");
  await page.getByLabel("Plot ideas").fill("A heist goes wrong");

  const lead = page.getByRole("group", { name: /Lead archetypes/ });
  for (const name of ["Stoic", "Sunbeam", "Mastermind"]) await lead.getByRole("button", { name }).click();
  await expect(lead.getByRole("button", { name: "Broody" })).toBeDisabled();
  await page
    .getByRole("group", { name: /Supporting archetypes/ })
    .getByRole("button", { name: "Bookworm" })
    .click();

  const fandoms = page.getByRole("combobox", { name: "Fandoms" });
  await fandoms.fill("harry");
  await page.getByRole("option", { name: "Harry Potter" }).click();
  await fandoms.fill("no such fandom anywhere");
  await expect(page.getByText("No fandoms found")).toBeVisible();
  await fandoms.fill("");
  await fandoms.press("Escape");

  // Back and forth keeps what was typed.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("heading", { name: "Choose Themes" })).toBeVisible();
  await next.click();
  await expect(title).toHaveValue("The Long Road Home");
  await expect(page.getByRole("button", { name: "Remove Harry Potter" })).toBeVisible();
  await next.click();

  // Step 3: moods.
  await expect(page.getByRole("heading", { name: "Mood & Emotions" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  const romance = page.getByRole("slider", { name: "Romance" });
  await expect(romance).toHaveAttribute("aria-valuenow", "50");
  await romance.focus();
  await page.keyboard.press("ArrowRight");
  await expect(romance).toHaveAttribute("aria-valuenow", "51");

  await page.getByRole("button", { name: "Create Story" }).click();
  await expect(page.getByText("First chapter is being generated...")).toBeVisible();
  await expect(page.getByText("Tip: You'll be able to edit or rewrite any part of the story later.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/story\/\d+$/, { timeout: 30_000 });
  const id = page.url().match(/story\/(\d+)$/)![1]!;

  // The editor opens on the opening scene, saved as chapter 1 in Marin's provenance wrapper.
  const text = page.getByRole("textbox", { name: "Story content" });
  await expect(
    text.locator('section.chapter[data-chapter="1"] > div.generated-content[data-model][data-generated-at] h2'),
  ).toContainText("Chapter 1");
  await expect(page.getByTestId("assistant-pane")).toContainText(
    "I've written the opening scene of “The Long Road Home”",
  );

  const story = await getStory(page, id);
  expect(story).toMatchObject({
    title: "The Long Road Home",
    description: "Setting: A floating city above the clouds",
    themes: ["slow-burn", "adventure"],
    characters: {
      lead: ["Stoic", "Sunbeam", "Mastermind"],
      supporting: ["Bookworm"],
      description: "Two rival sky pirates",
    },
    setting: "A floating city above the clouds",
    plotIdeas: "A heist goes wrong",
    moods: { romance: 51, angst: 30, humor: 40, spice: 20, chaos: 25, adventure: 35, action: 40 },
    fandoms: ["Harry Potter"],
  });
  expect(story.content).toMatch(
    /^<section class="chapter" data-chapter="1"><div class="generated-content" data-model=/,
  );
  expect(story.content).toContain("Chapter 1");

  // The draft is cleared once the story exists.
  await page.goto("/dashboard/create");
  await expect(page.getByRole("heading", { name: "Choose Themes" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Slow Burn/ })).toHaveAttribute("aria-pressed", "false");
});

test("Create Story says 'Missing title' for a blank title, and a failed create keeps the draft", async ({ page }) => {
  await page.goto("/dashboard/create");
  await page.getByRole("button", { name: /^Action/ }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Create Story" }).click();
  await expect(page.getByText("Missing title")).toBeVisible();
  await expect(page.getByText("Please provide a title for your story.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/create$/);

  // A failing create removes the overlay and says so; the draft stays for another try.
  await page.route("**/api/stories", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal error"}' });
  });
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByLabel("Story Title").fill("Doomed Draft");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Create Story" }).click();
  // NOTE: one assertion for the overlay's heading and tip: it shows for half a second, and two assertions in a row
  // on a loaded machine saw the heading, then found the overlay gone before the tip (one CI run).
  await expect(page.getByRole("alertdialog", { name: "First chapter is being generated..." })).toContainText(
    "Tip: You'll be able to edit or rewrite any part of the story later.",
  );
  await expect(page.getByText("Failed to create story")).toBeVisible();
  await expect(page.getByText("First chapter is being generated...")).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/create$/);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Story Title")).toHaveValue("Doomed Draft");
});

test("the details page edits, crops a cover, saves, and survives a reload", async ({ page }) => {
  const created = await page.request.post("/api/stories", {
    data: {
      title: "Sky Pirates",
      description: "Setting: Clouds",
      content: "",
      themes: ["adventure"],
      characters: { lead: ["Stoic"], supporting: [], description: "Captain Vale" },
      setting: "Clouds",
      plotIdeas: "",
      moods: { romance: 50 },
      fandoms: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as StoryJson;

  await page.goto(`/dashboard/story/${id}/details`);
  await expect(page.getByRole("heading", { name: "Story Details" })).toBeVisible();
  await expect(page.getByText("Tell us more about your story idea!")).toBeVisible();
  await expect(page.getByLabel("Main Characters")).toHaveValue("Captain Vale");

  await page.getByLabel("Story Title").fill("Sky Pirates Reborn");
  await page.getByLabel("Main Characters").fill("Captain Vale and her rival Rook");
  await page.getByLabel("Plot Ideas").fill("x".repeat(600));
  await expect(page.getByText("Maximum 560 characters reached")).toBeVisible();
  await page.getByLabel("Plot Ideas").fill("A storm forces an alliance");

  const tags = page.getByRole("combobox", { name: "Tags", exact: true });
  await tags.fill("zzz");
  await expect(page.getByText("No tags found")).toBeVisible();
  for (const tag of ["Fantasy", "Romance", "Vampire", "Mafia", "Comics"]) {
    await tags.fill(tag);
    await page.getByRole("option", { name: tag, exact: true }).click();
  }
  await expect(page.getByText("5/5")).toBeVisible();
  await expect(tags).toBeHidden();

  // A wrong type is refused before the crop dialog.
  const fileInput = page.getByLabel("Cover image");
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Please upload a valid image (JPEG, PNG, or GIF)")).toBeVisible();

  await fileInput.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await makePng(page, 900, 600) });
  const dialog = page.getByRole("dialog", { name: "Crop cover image" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("group", { name: /arrow keys to move the crop/ }).focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await dialog.getByRole("button", { name: "Apply crop" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByAltText("Cover preview")).toHaveAttribute("src", /^data:image\/jpeg;base64,/);

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Changes saved")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Story Title")).toHaveValue("Sky Pirates Reborn");
  await expect(page.getByLabel("Main Characters")).toHaveValue("Captain Vale and her rival Rook");
  await expect(page.getByLabel("Plot Ideas")).toHaveValue("A storm forces an alliance");
  await expect(page.getByRole("button", { name: "Remove Vampire" })).toBeVisible();
  await expect(page.getByAltText("Cover preview")).toHaveAttribute("src", /^\/api\/images\//);

  const saved = await getStory(page, String(id));
  expect([...saved.tags].sort()).toEqual(["Comics", "Fantasy", "Mafia", "Romance", "Vampire"]);
  // The wizard's archetypes survive an edit of the description.
  expect(saved.characters).toEqual({ lead: ["Stoic"], supporting: [], description: "Captain Vale and her rival Rook" });

  // Somebody else saves meanwhile: this page's save is refused and offers a reload.
  const elsewhere = await page.request.patch(`/api/stories/${id}`, {
    data: { version: saved.version, title: "Changed Elsewhere" },
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByLabel("Setting", { exact: true }).fill("Storm clouds");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(/This story was changed somewhere else \(another tab/)).toBeVisible();
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByLabel("Story Title")).toHaveValue("Changed Elsewhere");

  await page.getByRole("link", { name: "Editor" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/story/${id}$`));
});

test("a missing story shows 'Story not found' on the details page", async ({ page }) => {
  await page.goto("/dashboard/story/999999/details");
  await expect(page.getByRole("heading", { name: "Story not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the dashboard carousel customizes and deletes stories; a published one is unpublished first, in place", async ({
  page,
}) => {
  for (const title of ["Draft To Delete", "Published Tale"]) {
    const response = await page.request.post("/api/stories", { data: { title, content: "", setting: "Somewhere" } });
    expect(response.status()).toBe(201);
  }
  const stories = (await (await page.request.get("/api/stories")).json()) as StoryJson[];
  const published = stories.find((s) => s.title === "Published Tale")!;
  const publish = await page.request.post(`/api/stories/${published.id}/publish`, {
    data: { title: "Published Tale", description: "A tale", tags: [] },
  });
  expect(publish.status()).toBe(200);

  await page.goto("/dashboard");
  const carousel = page.getByRole("list", { name: "My stories" });
  await expect(carousel.getByRole("article")).toHaveCount(2);
  await expect(
    carousel.getByRole("article").filter({ hasText: "Published Tale" }).getByText("Published", { exact: true }),
  ).toBeVisible();

  await page.getByRole("link", { name: "Customize Draft To Delete" }).click();
  await expect(page.getByRole("heading", { name: "Story Details" })).toBeVisible();
  await page.goBack();

  // Cancel closes without deleting.
  await page.getByRole("button", { name: "Delete Draft To Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this story?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(carousel.getByRole("article")).toHaveCount(2);

  await page.getByRole("button", { name: "Delete Draft To Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Story deleted")).toBeVisible();
  await expect(carousel.getByRole("article")).toHaveCount(1);

  // A published story cannot be deleted: the dialog says so in place and offers Unpublish, then Delete (issue 16).
  await page.getByRole("button", { name: "Delete Published Tale" }).click();
  const unpublishFirst = page.getByRole("alertdialog", { name: "Unpublish before deleting" });
  await expect(unpublishFirst).toContainText("a published story can't be deleted");
  await expect(unpublishFirst.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await unpublishFirst.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Story unpublished")).toBeVisible();
  // The same dialog, now private, asks about deleting.
  await expect(confirm).toContainText('"Published Tale" will be deleted permanently.');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Failed to delete story")).toHaveCount(0);
  await expect(carousel.getByRole("article")).toHaveCount(0);
});
