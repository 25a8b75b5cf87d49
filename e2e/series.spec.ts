// Series (issue 30, section 1): a writer makes a series of two works on the Series page; a reader subscribes on the
// series' public page (a plain form, no script); the writer adds a third work; the reader hears of it in the bell and
// on the notifications page, and the reader shows 'Part 3 of' with a link back to Part 2. The writer works at
// 1280 px, the reader on a phone (390 px); every new screen is also photographed at the other width.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, shootBothWidths } from "./support/viewport";

const published = (request: APIRequestContext, title: string) =>
  publishStory(request, {
    title,
    content: "<p>The road ran on.</p>",
    description: "A road of copper.",
    tags: ["Drama"],
  });

test("a writer makes a series, a reader subscribes and hears of the third work (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const word = randomBytes(3).toString("hex");
  const seriesTitle = `The Copper Road ${word}`;

  // The writer, at 1280 px: two published works, then a series of them from the Series page.
  const writer = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signIn(writer, await createVerifiedUser(writer.request));
  const [first, second, third] = [`Rust ${word}`, `Embers ${word}`, `Iron ${word}`];
  await published(writer.request, first);
  await published(writer.request, second);
  await writer.getByRole("link", { name: "Series" }).click();
  await expect(writer).toHaveURL(/\/dashboard\/series$/);
  await writer.getByLabel("Series title").fill(seriesTitle);
  await writer.getByLabel("Description (optional)").fill("Two cities and the road between.");
  await writer.getByRole("button", { name: "Create series" }).click();
  await expect(writer).toHaveURL(/\/dashboard\/series\/\d+$/);
  await expect(writer.getByRole("heading", { level: 1 })).toHaveText(seriesTitle);
  const addWork = async (title: string) => {
    await writer.getByLabel("Add one of your published works").selectOption({ label: title });
    await writer.getByRole("button", { name: "Add to series" }).click();
    await expect(writer.getByTestId("series-works")).toContainText(title);
  };
  await addWork(second);
  await addWork(first);
  // Put them in order: Rust first.
  await writer.getByRole("button", { name: `Move ${first} up` }).click();
  const works = writer.getByTestId("series-works").getByRole("listitem");
  await expect(works.first()).toContainText(`Part 1${first}`);
  await expect(works.nth(1)).toContainText(`Part 2${second}`);
  await shootBothWidths(writer, "series-editor", shot);
  const seriesPage = (await writer.getByRole("link", { name: "Public page" }).getAttribute("href")) ?? "";
  expect(seriesPage).toMatch(/^\/series\/\d+-the-copper-road-/);
  await writer.getByRole("link", { name: "All series" }).click();
  await expect(writer.getByTestId("my-series")).toContainText(seriesTitle);
  await shootBothWidths(writer, "series-list", shot);

  // The reader, on a phone: the public page lists both parts in order; a visitor is asked to sign in to subscribe.
  const readerContext = await browser.newContext({ baseURL, viewport: PHONE });
  const reader = await readerContext.newPage();
  await reader.goto(seriesPage);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(seriesTitle);
  await expect(reader.locator("#subscribe")).toContainText("Sign in to subscribe");
  await expect(reader.locator(".work h3")).toHaveText([first, second]);
  await shootBothWidths(reader, "series-page-visitor", shot);
  await signIn(reader, await createVerifiedUser(reader.request));
  await reader.goto(seriesPage);
  await reader.locator("#subscribe").getByRole("button", { name: "Subscribe" }).click();
  await expect(reader.locator("#subscribe").getByRole("button", { name: "Subscribed" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shootBothWidths(reader, "series-page", shot);

  // The writer adds a third work, from its details page ('Add to series').
  const thirdId = await published(writer.request, third);
  await writer.goto(`/dashboard/story/${thirdId}/details`);
  const entry = writer.getByTestId("add-to-series");
  await entry.getByRole("combobox", { name: "Add to series" }).selectOption({ label: seriesTitle });
  await entry.getByRole("button", { name: "Add", exact: true }).click();
  await expect(entry).toContainText(`Part 3 of ${seriesTitle}`);
  await shootBothWidths(writer, "details-add-to-series", shot, entry);

  // The reader hears of it (the bell is asked again on each navigation), and the reader shows 'Part 3 of'.
  const bell = reader.getByTestId("notification-bell");
  await expect(async () => {
    await reader.goto("/dashboard");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 1_000 });
  }).toPass();
  await bell.click();
  const note = reader.getByTestId("notification");
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(`added ${third} to the series ${seriesTitle}`);
  await shootBothWidths(reader, "series-notification", shot);
  await note.getByRole("link", { name: third }).click();
  await expect(reader).toHaveURL(/\/dashboard\/story\/\d+\/read$/);
  const parts = reader.getByTestId("series-parts");
  await expect(parts).toContainText(`Part 3 of ${seriesTitle}`);
  await expect(parts.getByRole("link", { name: `Part 2: ${second}` })).toBeVisible();
  await shootBothWidths(reader, "series-reader", shot, parts);
  await parts.getByRole("link", { name: `Part 2: ${second}` }).click();
  await expect(reader.getByTestId("series-parts")).toContainText(`Part 2 of ${seriesTitle}`);
});
