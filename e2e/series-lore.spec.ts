// Journey: a series' owner adds an entry to the series lorebook on the series page and finds it in "What Marin sees"
// for a story of the series; from the story's lorebook 'Edit in the series' leads back, and on a phone the entry is
// edited there and Marin sees the new text (issue 32, the series lorebook).
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";

test.use({ viewport: DESKTOP });

test("a series' owner keeps its lorebook and Marin sees it in the series' stories, at 1280 and 390 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));
  const storyId = await publishStory(page.request, {
    title: "The Ferry at Dawn",
    content: "<p>Mika waited on the quay with the letters, watching the ferry come in through the fog.</p>",
    description: "A courier's first crossing.",
  });
  const created = await page.request.post("/api/series", { data: { title: "The Marlow Cycle" } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: seriesId } = (await created.json()) as { id: number };
  const joined = await page.request.post(`/api/series/${seriesId}/works`, { data: { storyId } });
  expect(joined.ok(), await joined.text()).toBe(true);

  // The series page: add an entry.
  await page.goto(`/dashboard/series/${seriesId}`);
  const section = page.getByRole("region", { name: "Series lorebook" });
  await expect(section.getByText("No series entries yet.")).toBeVisible();
  await section.getByRole("button", { name: "Add entry" }).click();
  const form = section.getByRole("form", { name: "New series entry" });
  await form.getByRole("textbox", { name: "Name" }).fill("Mika Marlow");
  await form.getByRole("textbox", { name: "Keys" }).fill("Mika");
  await form.getByRole("textbox", { name: "Description" }).fill("Pip's older sister, a courier on the night ferry.");
  await form.getByRole("button", { name: "Add to series" }).click();
  await expect(section.getByTestId("series-lore-entries")).toContainText("Mika Marlow");
  await expect(section.getByText("1 of 500 entries")).toBeVisible();

  // A story of the series: Marin sees the entry, named by its series.
  await givenEarlierChat(page, storyId);
  await page.goto(`/dashboard/story/${storyId}`);
  const marin = marinPane(page);
  await expect(marin.contextLine).toContainText("1 lorebook entry");
  await marin.contextLine.click();
  await expect(marin.pane.getByTestId("marin-context-lore")).toContainText("Mika Marlow");
  await expect(marin.pane.getByTestId("marin-context-lore")).toContainText("series: The Marlow Cycle");
  await page.screenshot({ path: testInfo.outputPath("series-lore-marin-sees-1280.png") });

  // The story's lorebook shows it read-only and leads back to the series.
  await marin.pane.getByRole("button", { name: "Lorebook", exact: true }).click();
  const lorebook = page.getByRole("dialog", { name: "Lorebook" });
  await expect(lorebook.getByText("From your series")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("series-lore-story-lorebook-1280.png") });
  await lorebook.getByRole("link", { name: "Edit in the series" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/series/${seriesId}#series-lore$`));
  await expect(lorebook).toBeHidden();
  await shootBothWidths(page, "series-lore", (file) => testInfo.outputPath(file), section);

  // On a phone: edit the entry there; Marin sees the new text.
  await resizeTo(page, PHONE);
  await section.getByRole("button", { name: "Edit Mika Marlow" }).click();
  const edit = section.getByRole("form", { name: "Edit Mika Marlow" });
  await edit.getByRole("textbox", { name: "Description" }).fill("Pip's older sister, captain of the night ferry.");
  await page.screenshot({ path: testInfo.outputPath("series-lore-edit-390.png") });
  await edit.getByRole("button", { name: "Save entry" }).click();
  await expect(section.getByTestId("series-lore-entries")).toContainText("captain of the night ferry");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);

  await page.goto(`/dashboard/story/${storyId}`);
  await page.getByRole("button", { name: "Show assistant" }).click();
  await expect(marin.contextLine).toContainText("1 lorebook entry");
  if ((await marin.contextLine.getAttribute("aria-expanded")) !== "true") await marin.contextLine.click();
  await expect(marin.pane.getByTestId("marin-context-text")).toContainText("captain of the night ferry");
  await page.screenshot({ path: testInfo.outputPath("series-lore-marin-sees-390.png") });
});
