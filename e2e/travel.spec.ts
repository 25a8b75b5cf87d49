// Words that travel (issue 20 section 3): a writer imports a .docx with three chapters from the dashboard and finds
// them in the new draft's review, at desktop and phone widths; once it is published, a signed-out reader downloads
// it as an EPUB from the public page (no JavaScript needed). A wrong file imported is discarded from its review.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { threeChapterDocx } from "../src/server/test/docx";
import { publicStoryPath } from "../src/shared/routes";
import { createVerifiedUser, signIn } from "./support/accounts";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const SHOTS = process.env.TRAVEL_SHOTS;
const CHAPTERS = ["Chapter 1: Salt", "Chapter 2: Tide", "Chapter 3: Home"];

test("a writer imports a three-chapter .docx; a signed-out reader downloads the published story as an EPUB", async ({
  page,
  browser,
  baseURL,
}) => {
  await resizeTo(page, DESKTOP);
  await signIn(page, await createVerifiedUser(page.request));
  const title = `Harbour ${randomBytes(3).toString("hex")}`;
  await page.getByRole("button", { name: "Import" }).waitFor();
  await page.getByTestId("import-input").setInputFiles({
    name: `${title}.docx`,
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: await threeChapterDocx(),
  });
  await expect(page).toHaveURL(/\/dashboard\/story\/\d+\/details\?imported=1$/);
  const id = Number(/story\/(\d+)\//.exec(page.url())![1]);
  const review = page.getByTestId("import-review");
  const chapters = review.getByRole("list", { name: "Chapters found" }).getByRole("listitem");
  await expect(chapters).toHaveText(CHAPTERS);
  await expect(review).toContainText("in 3 chapters");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-review-1280.png`, fullPage: true });

  await resizeTo(page, PHONE);
  await expect(chapters).toHaveText(CHAPTERS);
  await expect(review.getByRole("link", { name: "Open in the editor" })).toBeInViewport({ ratio: 0.5 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-review-390.png`, fullPage: true });
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Import" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-import-390.png` });

  const published = await page.request.post(`/api/stories/${id}/publish`, {
    data: { title, description: "Three chapters from Word." },
  });
  expect(published.status(), await published.text()).toBe(200);

  const reader = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
  const publicPage = await reader.newPage();
  await publicPage.goto(publicStoryPath(id, title));
  if (SHOTS) await publicPage.screenshot({ path: `${SHOTS}/public-download-390.png` });
  const [download] = await Promise.all([
    publicPage.waitForEvent("download"),
    publicPage.getByRole("link", { name: "Download EPUB" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${title}.epub`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(30, 38).toString("ascii")).toBe("mimetype");
  expect(bytes.subarray(38, 58).toString("ascii")).toBe("application/epub+zip");
  await reader.close();

  // The wrong file: the review discards it, with the usual confirmation, and goes back to the dashboard.
  await page.getByTestId("import-input").setInputFiles({
    name: "Wrong notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Wrong notes\n\nShopping list: rope, lantern, bread.\n"),
  });
  await expect(page).toHaveURL(/\/dashboard\/story\/\d+\/details\?imported=1$/);
  const wrongId = Number(/story\/(\d+)\//.exec(page.url())![1]);
  await page.getByRole("button", { name: "Discard this import" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await page.request.get(`/api/stories/${wrongId}`)).status()).toBe(404);
  expect((await page.request.get(`/api/stories/${id}`)).status()).toBe(200);
});
