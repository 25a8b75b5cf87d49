// Journey (issue 32, section 2): a writer imports a SillyTavern World Info file into the Lorebook, is told what came
// in and what was skipped, and finds the imported entry in "What Marin sees"; on a phone, exports the lorebook for
// NovelAI and gets a file NovelAI reads.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { givenEarlierChat, marinPane } from "./support/marin";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";

test.use({ viewport: DESKTOP });

/** A SillyTavern World Info file, as SillyTavern writes one. */
const worldInfo = {
  entries: {
    "0": {
      uid: 0,
      key: ["Pip", "the Fox"],
      keysecondary: [],
      comment: "Pip Marlow",
      content: "A thief, sister of Mika. <b>Never</b> pays for bread.",
      constant: false,
      selective: true,
      order: 100,
      position: 0,
      disable: false,
      displayIndex: 0,
    },
    "1": {
      uid: 1,
      key: ["Thorn Keep"],
      keysecondary: [],
      comment: "Thorn Keep",
      content: "A drowned fortress; the tide covers its gate.",
      constant: false,
      selective: true,
      order: 100,
      position: 0,
      disable: false,
      displayIndex: 1,
    },
    "2": { uid: 2, key: [], comment: "Empty", content: "", disable: false, displayIndex: 2 },
  },
};

test("a writer imports a SillyTavern lorebook and sees it in What Marin sees, at 1280 and 390 px", async ({
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
  await lorebook.getByTestId("lore-import-input").setInputFiles({
    name: "saltmarsh.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(worldInfo)),
  });
  await expect(lorebook.getByTestId("lore-import-result")).toHaveText("2 entries imported, 1 skipped.");
  await lorebook.getByText("Why entries were skipped").click();
  await expect(lorebook.getByText("Entry 3 (Empty): It has no content.")).toBeVisible();
  const entries = lorebook.getByTestId("lore-entries");
  await expect(entries).toContainText("Pip Marlow");
  await expect(entries).toContainText("A thief, sister of Mika. Never pays for bread.");
  await expect(entries).toContainText("Thorn Keep");
  await expect(lorebook.getByText("Unlock with FicForge Plus")).toBeVisible();
  await shootBothWidths(page, "lore-import", (file) => testInfo.outputPath(file), lorebook);
  await page.keyboard.press("Escape");

  // "What Marin sees": the imported entry whose key the story's text names.
  await expect(marin.contextLine).toContainText("1 lorebook entry");
  await marin.contextLine.click();
  await expect(marin.pane.getByTestId("marin-context-lore")).toContainText("Pip Marlow — “Pip” in the recent text");
  await page.screenshot({ path: testInfo.outputPath("lore-import-marin-sees-1280.png") });

  // On a phone: the Lorebook again, and the lorebook out as a NovelAI file.
  await resizeTo(page, PHONE);
  await page.getByRole("button", { name: "Show assistant" }).click();
  await marin.pane.getByRole("button", { name: "Lorebook", exact: true }).click();
  await lorebook.getByRole("button", { name: "Export" }).click();
  await page.screenshot({ path: testInfo.outputPath("lore-export-menu-390.png") });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "NovelAI lorebook (.lorebook)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("The Fox of Saltmarsh lorebook.lorebook");
  const file = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(file.lorebookVersion).toBe(5);
  expect(file.entries.map((e: { displayName: string; keys: string[] }) => [e.displayName, e.keys])).toEqual([
    // NovelAI matches keys only: the name FicForge matches by goes out as one.
    ["Pip Marlow", ["Pip Marlow", "Pip", "the Fox"]],
    ["Thorn Keep", ["Thorn Keep"]],
  ]);
});
