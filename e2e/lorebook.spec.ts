// Journey: a writer opens the Lorebook from Marin's pane, adds an entry (a one-letter key is refused with a clear
// message), and finds it listed in "What Marin sees" with why it went in; then on a phone adds a place and sees it
// go in when their message names it (issue 20, section 2).
import { axe } from "./support/axe";
import { expect, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";

test.use({ viewport: DESKTOP });

test("a writer adds lorebook entries and sees them in What Marin sees, at 1280 and 390 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, await createVerifiedUser(page.request));
  const created = await page.request.post("/api/stories", {
    data: {
      title: "The Fox of Saltmarsh",
      content: "<p>Rain fell on the harbour. Pip slipped past the guards with the brass key in her fist.</p>",
    },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as StoryView;
  await givenEarlierChat(page, story.id);
  await page.goto(`/dashboard/story/${story.id}`);
  const marin = marinPane(page);
  await expect(marin.contextLine).toContainText("words");

  await marin.pane.getByRole("button", { name: "Lorebook", exact: true }).click();
  const lorebook = page.getByRole("dialog", { name: "Lorebook" });
  await expect(lorebook.getByText("This story's entries")).toBeVisible();
  await expect(lorebook.getByRole("link", { name: "Canon packs" })).toHaveAttribute("href", "/dashboard/canon");
  await lorebook.getByRole("button", { name: "Add entry" }).click();
  await lorebook.getByRole("textbox", { name: "Name" }).fill("Pip Marlow");
  await lorebook.getByRole("textbox", { name: "Keys" }).fill("P");
  await lorebook.getByRole("textbox", { name: "Description" }).fill("A thief, sister of Mika. Never pays for bread.");
  await expect(lorebook.getByText("46/1000")).toBeVisible();
  await lorebook.getByRole("button", { name: "Add to lorebook" }).click();
  await expect(lorebook.getByRole("alert")).toHaveText("Each key must be at least 2 characters long");
  await lorebook.getByRole("textbox", { name: "Keys" }).fill("Pip, the Fox");
  await lorebook.getByRole("button", { name: "Add to lorebook" }).click();
  const entries = lorebook.getByTestId("lore-entries");
  await expect(entries).toContainText("Pip Marlow");
  await expect(entries).toContainText("Pip · the Fox");
  const findings = await axe(page)
    .include('[role="dialog"]')
    .options({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })
    .analyze();
  expect(findings.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
  await shootBothWidths(page, "lorebook", (file) => testInfo.outputPath(file), lorebook);
  await page.keyboard.press("Escape");

  // "What Marin sees" counts the entry, and lists it with the key that brought it in.
  await expect(marin.contextLine).toContainText("1 lorebook entry");
  await marin.contextLine.click();
  const lore = marin.pane.getByTestId("marin-context-lore");
  await expect(lore).toContainText("Pip Marlow — “Pip” in the recent text");
  await expect(marin.pane.getByTestId("marin-context-text")).toContainText(
    "- Pip Marlow (character): A thief, sister of Mika.",
  );
  await page.screenshot({ path: testInfo.outputPath("marin-sees-1280.png") });

  // On a phone: the assistant, then the Lorebook again; a place the writer's message names goes in first.
  await resizeTo(page, PHONE);
  await page.getByRole("button", { name: "Show assistant" }).click();
  await marin.pane.getByRole("button", { name: "Lorebook", exact: true }).click();
  await lorebook.getByRole("button", { name: "Add entry" }).click();
  await lorebook.getByRole("combobox", { name: "Kind" }).selectOption("place");
  await lorebook.getByRole("textbox", { name: "Name" }).fill("Thorn Keep");
  await lorebook.getByRole("textbox", { name: "Description" }).fill("A drowned fortress; the tide covers its gate.");
  await page.screenshot({ path: testInfo.outputPath("lore-form-390.png") });
  await lorebook.getByRole("button", { name: "Add to lorebook" }).click();
  await expect(entries).toContainText("Thorn Keep");
  await page.keyboard.press("Escape");
  await marin.input.fill("What waits inside Thorn Keep?");
  await expect(marin.contextLine).toContainText("2 lorebook entries");
  if ((await marin.contextLine.getAttribute("aria-expanded")) !== "true") await marin.contextLine.click();
  await expect(lore.locator("li").first()).toHaveText("Thorn Keep — “Thorn Keep” in your message");
  await expect(lore.locator("li").nth(1)).toContainText("Pip Marlow");
  await page.screenshot({ path: testInfo.outputPath("marin-sees-390.png") });
});
