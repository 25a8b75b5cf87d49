// Gifts and related works (issue 30, section 3): a writer publishes a work gifted to a reader and inspired by another
// author's work, from the publish dialog (a gift to oneself is refused at the field first); the recipient hears of
// it, opens it (the reader says 'For …' and 'Inspired by …'), refuses the gift, and the name is gone from the public
// page; the original's author approves the link and their work lists it under 'Works inspired by this'. The writer
// works at 1280 px, the recipient on a phone (390 px); every new screen is also photographed at the other width.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, shootBothWidths } from "./support/viewport";

test("a writer gifts a work inspired by another; the recipient refuses it (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const word = randomBytes(3).toString("hex");
  const [originalTitle, giftTitle] = [`Lantern Original ${word}`, `Lantern Gift ${word}`];

  // The original's author and the recipient, each in a context of their own.
  const originalAuthor = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const originalUser = await createVerifiedUser(originalAuthor.request);
  await signIn(originalAuthor, originalUser);
  const originalId = await publishStory(originalAuthor.request, {
    title: originalTitle,
    content: "<p>The first lantern.</p>",
    description: "Where it began.",
  });
  const recipient = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  const recipientUser = await createVerifiedUser(recipient.request);
  await signIn(recipient, recipientUser);

  // The writer, at 1280 px, publishes from the editor's dialog.
  const writer = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const writerUser = await createVerifiedUser(writer.request);
  await signIn(writer, writerUser);
  const created = await writer.request.post("/api/stories", {
    data: { title: giftTitle, content: "<p>A lantern for a friend.</p>" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await writer.goto(`/dashboard/story/${id}`);
  await writer.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = writer.getByRole("dialog", { name: "Publish Your Story" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Description").fill("A gift, after the first lantern.");
  const giftTo = dialog.getByTestId("gift-to");
  // A gift to oneself first: refused, at the field.
  await giftTo.getByLabel("Gift to").fill(writerUser.username);
  await giftTo.getByLabel("Gift to").press("Enter");
  const related = dialog.getByTestId("related-works");
  await related.getByLabel("Work", { exact: true }).selectOption({ label: "A FicForge story" });
  await related.getByLabel("Story address or id").fill(`${baseURL}/s/${originalId}-lantern-original-${word}`);
  await related.getByRole("button", { name: "Add related work" }).click();
  await expect(related.getByRole("list", { name: "Related works added" })).toContainText(
    `Inspired by · FicForge story #${originalId}`,
  );
  await dialog.getByRole("button", { name: "Publish Story" }).click();
  await expect(giftTo.getByRole("alert")).toHaveText("You can't gift a work to yourself");
  await shootBothWidths(writer, "publish-gift-error", shot, giftTo);
  await giftTo.getByRole("button", { name: `Remove ${writerUser.username}` }).click();
  await giftTo.getByLabel("Gift to").fill(recipientUser.username);
  await giftTo.getByRole("button", { name: "Add", exact: true }).click();
  await expect(giftTo.getByRole("list", { name: "Recipients" })).toHaveText(recipientUser.username);
  await shootBothWidths(writer, "publish-gifts", shot, related);
  await dialog.getByRole("button", { name: "Publish Story" }).click();
  await expect(dialog).toBeHidden();

  // The details page shows what was saved.
  await writer.goto(`/dashboard/story/${id}/details`);
  await expect(writer.getByTestId("gift-to").getByRole("list", { name: "Recipients" })).toHaveText(
    recipientUser.username,
  );
  await expect(writer.getByTestId("related-works")).toContainText(`Inspired by · ${originalTitle}`);
  await shootBothWidths(writer, "details-gifts", shot, writer.getByTestId("gift-to"));

  // The recipient, on a phone, hears of it and opens it.
  const bell = recipient.getByTestId("notification-bell");
  await expect(async () => {
    await recipient.goto("/dashboard");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 1_000 });
  }).toPass();
  await bell.click();
  const note = recipient.getByTestId("notification");
  await expect(note).toContainText(`${writerUser.username} gave you a gift: ${giftTitle}`);
  await shootBothWidths(recipient, "gift-notification", shot);
  await note.getByRole("link", { name: giftTitle }).click();
  await expect(recipient).toHaveURL(new RegExp(`/dashboard/story/${id}/read$`));
  const gifted = recipient.getByTestId("reader-gifted-to");
  await expect(gifted).toContainText(`For ${recipientUser.username}`);
  await expect(recipient.getByTestId("reader-related")).toHaveText(
    `Inspired by ${originalTitle} by ${originalUser.username}`,
  );
  await shootBothWidths(recipient, "reader-gift", shot);

  // The Gifts tab of the recipient's author page lists it, and the public page names them.
  await recipient.goto(`/u/${recipientUser.username}/gifts`);
  await expect(recipient.locator(".work h3")).toHaveText([giftTitle]);
  await shootBothWidths(recipient, "gifts-tab", shot);
  const publicPath = `/s/${id}-lantern-gift-${word}`;
  await recipient.goto(publicPath);
  await expect(recipient.locator(".gifted")).toHaveText(`For ${recipientUser.username}`);
  await expect(recipient.locator(".related")).toHaveText(`Inspired by ${originalTitle} by ${originalUser.username}`);
  await shootBothWidths(recipient, "public-page-gift", shot);

  // The recipient refuses, after a confirmation: the name is gone from the reader and the public page.
  await recipient.goto(`/dashboard/story/${id}/read`);
  await recipient.getByTestId("reader-gifted-to").getByRole("button", { name: "Refuse gift" }).click();
  const confirm = recipient.getByRole("dialog", { name: "Refuse this gift?" });
  await expect(confirm).toBeVisible();
  await shootBothWidths(recipient, "refuse-gift-confirm", shot);
  await confirm.getByRole("button", { name: "Refuse gift" }).click();
  await expect(confirm).toBeHidden();
  await expect(recipient.getByTestId("reader-gifted-to")).toHaveCount(0);
  await expect(recipient.getByTestId("reader-related")).toBeVisible();
  await recipient.goto(publicPath);
  await expect(recipient.locator(".related")).toBeVisible();
  await expect(recipient.locator(".gifted")).toHaveCount(0);
  await expect(recipient.locator("main")).not.toContainText(recipientUser.username);

  // The original's author approves the link; their work lists it under 'Works inspired by this'.
  await originalAuthor.goto("/dashboard/notifications");
  const linkNote = originalAuthor.getByTestId("notification");
  await expect(linkNote).toContainText(`${writerUser.username} linked their work ${giftTitle} to yours`);
  await linkNote.getByRole("button", { name: "Approve" }).click();
  await expect(linkNote).toContainText("Listed on your work");
  await shootBothWidths(originalAuthor, "related-approved", shot);
  await originalAuthor.goto(`/s/${originalId}-lantern-original-${word}`);
  await expect(originalAuthor.locator(".inspired")).toContainText(
    `Works inspired by this${giftTitle} by ${writerUser.username}`,
  );
  await shootBothWidths(originalAuthor, "public-page-inspired", shot, originalAuthor.locator(".inspired"));
});
