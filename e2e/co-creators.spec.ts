// Two friends co-write a work (issue 30, section 2): its creator invites a friend by username from the work's
// details; the friend accepts from the notification, finds the work in My Stories marked co-written, edits it and
// saves; its public page names both, each linking to their author page. Both widths: the creator at 1280 px, the
// co-creator on a phone, and each new screen photographed at the other width too.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, shootBothWidths } from "./support/viewport";

test("two users co-write a work and both are named on its public page (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const word = randomBytes(3).toString("hex");
  const title = `Copper Road ${word}`;

  const creatorPage = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const creator = await createVerifiedUser(creatorPage.request);
  await signIn(creatorPage, creator);
  const storyId = await publishStory(creatorPage.request, {
    title,
    content: "<p>The road was copper at dawn.</p>",
    description: "Two friends, one road.",
  });
  const friendPage = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  const friend = await createVerifiedUser(friendPage.request);
  await signIn(friendPage, friend);

  // The creator invites the friend from the work's details: pending until they answer, named nowhere yet.
  await creatorPage.goto(`/dashboard/story/${storyId}/details`);
  const card = creatorPage.getByTestId("co-creators");
  await card.scrollIntoViewIfNeeded();
  await card.getByLabel("Invite by username").fill("nobody_here_at_all");
  await card.getByRole("button", { name: "Invite" }).click();
  await expect(card.getByRole("alert")).toHaveText("No one has that username.");
  await card.getByLabel("Invite by username").fill(friend.username);
  await card.getByRole("button", { name: "Invite" }).click();
  const row = card.getByTestId("co-creator").filter({ hasText: friend.username });
  await expect(row).toContainText("Invited, not answered yet");
  await shootBothWidths(creatorPage, "details-invited", shot, card);

  // The friend accepts in place, from the notification.
  await friendPage.goto("/dashboard/notifications");
  const invitation = friendPage.getByTestId("notification").filter({ hasText: `invited you to co-create ${title}` });
  await expect(invitation).toBeVisible();
  await expect(invitation).toContainText(creator.username);
  await shootBothWidths(friendPage, "notification-invite", shot, invitation);
  await invitation.getByRole("button", { name: "Accept" }).click();
  await expect(invitation.getByTestId("invitation-state")).toHaveText("Accepted");
  await expect(invitation.getByRole("button", { name: "Accept" })).toBeHidden();

  // My Stories carries the work, marked co-written (theirs to edit, not to delete); it opens in the editor.
  await friendPage.goto("/dashboard");
  const myCard = friendPage.locator("article").filter({ hasText: title });
  await expect(myCard.getByTestId("card-co-written")).toHaveText("Co-written");
  await expect(myCard.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);
  await myCard.getByRole("link", { name: `Open ${title} in the editor` }).click();
  await expect(friendPage).toHaveURL(new RegExp(`/dashboard/story/${storyId}$`));
  const text = friendPage.getByRole("textbox", { name: "Story content" });
  await expect(text).toContainText("The road was copper at dawn.");
  await text.click();
  await friendPage.keyboard.press("Control+End");
  await friendPage.keyboard.type(" And at dusk it was silver.");
  const saved = friendPage.waitForResponse(
    (r) => r.url().endsWith(`/api/stories/${storyId}`) && r.request().method() === "PATCH",
  );
  await friendPage.keyboard.press("Control+s");
  expect((await saved).status()).toBe(200);
  await expect(friendPage.getByTestId("save-status")).toContainText("Saved");

  // The creator's card now lists the friend as a co-creator; the friend's own card offers to leave.
  await creatorPage.reload();
  await expect(card.getByTestId("co-creator").filter({ hasText: friend.username })).toContainText("Co-creator");
  await friendPage.goto(`/dashboard/story/${storyId}/details`);
  const friendCard = friendPage.getByTestId("co-creators");
  await expect(friendCard.getByRole("button", { name: "Leave this work" })).toBeVisible();
  await expect(friendCard.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await shootBothWidths(friendPage, "details-co-creator", shot, friendCard);

  // The public page (it has no script) names both, in order, each linking to their author page, with the friend's words.
  const visitor = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await visitor.goto(`/s/${storyId}`);
  const byline = visitor.locator("p.by");
  await expect(byline).toHaveText(`by ${creator.username}, ${friend.username}`);
  await expect(byline.getByRole("link", { name: friend.username })).toHaveAttribute("href", `/u/${friend.username}`);
  await expect(visitor.locator(".prose")).toContainText("And at dusk it was silver.");
  await shootBothWidths(visitor, "public-page", shot, byline);
  // The co-creator's author page lists the work.
  await visitor.goto(`/u/${friend.username}`);
  await expect(visitor.getByRole("link", { name: title })).toBeVisible();

  // The friend turns invitations off in Settings: the next invitation is refused, saying so.
  await friendPage.goto("/dashboard/settings");
  const setting = friendPage.getByTestId("co-creator-invites");
  const allow = setting.getByRole("checkbox", { name: "Allow co-creator invitations" });
  await expect(allow).toBeChecked();
  await allow.uncheck();
  await expect(friendPage.getByText("Co-creator invitations turned off")).toBeVisible();
  await shootBothWidths(friendPage, "settings-invites", shot, setting);
  const secondId = await publishStory(creatorPage.request, {
    title: `Silver Road ${word}`,
    content: "<p>Another road.</p>",
    description: "A sequel.",
  });
  const refused = await creatorPage.request.post(`/api/stories/${secondId}/co-creators`, {
    data: { username: friend.username },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(`${friend.username} doesn't accept co-creator invitations.`);
});
