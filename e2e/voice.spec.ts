// Journey: a writer gives Marin their voice (issue 32, section 4). On Story Details they pick a passage of their
// published chapter, paste more of their prose, watch the word counter, save, and read how Marin describes the voice;
// in the editor "What Marin sees" carries it. On a phone, Settings takes a sample for all stories (over 2,000 words is
// refused before saving) and removes it again.
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";

test.use({ viewport: DESKTOP });

const OWN_PROSE =
  "Rain again. Mira glanced at the door. Nobody came. She waited. The lamp flickered. She glanced back.";

test("a writer saves a style sample and finds it in What Marin sees, at 1280 and 390 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));
  await publishStory(page.request, {
    title: "Tide Hours",
    description: "A harbour at night.",
    content: "<h2>Chapter 1: Salt</h2><p>The tide came in. Mira watched it. Gulls cried over the damp stones.</p>",
  });
  const created = await page.request.post("/api/stories", {
    data: { title: "Lamp Street", content: "<p>Mira waited at the harbour wall.</p>" },
  });
  const story = (await created.json()) as { id: number };

  await page.goto(`/dashboard/story/${story.id}/details`);
  const card = page.getByTestId("voice-card");
  await expect(card.getByRole("heading", { name: "Your voice" })).toBeVisible();
  await card.getByRole("combobox", { name: "Pick from your published text" }).selectOption({
    label: "Tide Hours — Chapter 1: Salt (13 words)",
  });
  await card.getByRole("button", { name: "Add passage" }).click();
  const sample = card.getByRole("textbox", { name: "Your style sample" });
  await expect(sample).toHaveValue("The tide came in. Mira watched it. Gulls cried over the damp stones.");
  await sample.press("End");
  await sample.pressSequentially(` ${OWN_PROSE}`);
  await expect(card.getByText("30 / 2,000 words")).toBeVisible();
  await card.getByRole("button", { name: "Save sample" }).click();
  await expect(card.getByTestId("voice-description")).toContainText("Marin reads your voice as: short sentences");
  await shootBothWidths(page, "voice-story", (file) => testInfo.outputPath(file), card);

  await givenEarlierChat(page, story.id);
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  await expect(marin.contextLine).toContainText("your voice (this story's sample)");
  await marin.contextLine.click();
  const seen = marin.pane.getByTestId("marin-context-text");
  await expect(seen).toContainText("Style (from this story's style sample): short sentences");
  await expect(seen).toContainText("Mira glanced at the door.");
  await page.screenshot({ path: testInfo.outputPath("voice-marin-sees-1280.png") });

  await resizeTo(page, PHONE);
  await page.goto("/dashboard/settings");
  const all = page.getByTestId("voice-card");
  await expect(all.getByRole("heading", { name: "Your voice for all stories" })).toBeVisible();
  const allSample = all.getByRole("textbox", { name: "Your style sample" });
  await allSample.fill("word ".repeat(2001));
  await expect(all.getByText("2,001 / 2,000 words")).toBeVisible();
  await expect(all.getByRole("button", { name: "Save sample" })).toBeDisabled();
  await allSample.fill(OWN_PROSE);
  await all.getByRole("button", { name: "Save sample" }).click();
  await expect(all.getByTestId("voice-description")).toContainText("short sentences");
  await all.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("voice-settings-390.png") });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await all.getByRole("button", { name: "Remove sample" }).click();
  await expect(allSample).toHaveValue("");
  await expect(all.getByRole("button", { name: "Remove sample" })).toHaveCount(0);
});
