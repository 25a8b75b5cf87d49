// The account's whole life (issue 18 section 3), in one journey that switches from 1280 to 390 px: a writer changes
// their password in Settings and their other browser is signed out; changes their email through the emailed link;
// exports their data (a zip downloads); deletes their account keeping one story online, after which they cannot
// sign in and the story's page names 'orphan_account'. Screenshots of Settings at both widths.
import { randomBytes } from "node:crypto";
import { axe } from "./support/axe";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, linkFromOutbox, ownAddress, signIn } from "./support/accounts";

test("a writer changes password and email, exports their data and deletes their account (1280 → 390 px)", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const word = randomBytes(3).toString("hex");
  const user = await createVerifiedUser(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user);

  // A story to keep online after the account goes.
  const title = `Lanterns ${word}`;
  const created = await page.request.post("/api/stories", {
    data: { title, content: "<p>The lamps were lit at dusk.</p>" },
  });
  expect(created.status()).toBe(201);
  const { id: storyId } = (await created.json()) as { id: number };
  const published = await page.request.post(`/api/stories/${storyId}/publish`, {
    data: { title, description: "Small lights.", tags: ["Drama"] },
  });
  expect(published.status(), await published.text()).toBe(200);

  // The same account in another browser.
  const other = await browser.newContext({ baseURL });
  const otherLogin = await other.request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(otherLogin.status()).toBe(200);

  await page.goto("/dashboard/settings");
  const section = page.getByRole("region", { name: "Account and security" });
  await expect(section).toBeVisible();
  await expect(section.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(2);
  await expect(section.getByText("This device")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("settings-1280.png"), fullPage: true });
  const findings = await axe(page).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(findings.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

  // Change the password: a wrong current one is refused in the dialog, then it works and the other browser is out.
  await section.getByRole("button", { name: "Change password" }).click();
  const passwordForm = page.getByRole("form", { name: "Change password" });
  await passwordForm.getByLabel("Current password").fill("Wr0ng!Pass");
  await passwordForm.getByLabel("New password", { exact: true }).fill("N3w!Lantern");
  await passwordForm.getByLabel("Confirm new password").fill("N3w!Lantern");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("Your current password is incorrect.")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill(user.password);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm).toBeHidden();
  await expect(page.getByText("Every other device has been signed out.").first()).toBeVisible();
  expect((await other.request.get("/api/user")).status()).toBe(401);
  await expect(section.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
  await other.close();

  // Change the email through the link sent to the new address.
  const newEmail = `lantern_${word}@example.com`;
  await section.getByRole("button", { name: "Change email" }).click();
  const emailForm = page.getByRole("form", { name: "Change email" });
  await emailForm.getByLabel("New email address").fill(newEmail);
  await emailForm.getByLabel("Current password").fill("N3w!Lantern");
  await emailForm.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailForm).toBeHidden();
  const link = await linkFromOutbox(page.request, newEmail, "/api/account/email/confirm");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Email changed" })).toBeVisible();
  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Link no longer works" })).toBeVisible();

  // Now on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/settings");
  await expect(section.getByText(newEmail)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("settings-390.png"), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Export: a zip downloads.
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^ficforge-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const stream = await download.createReadStream();
  const first = await new Promise<Buffer>((resolve, reject) => {
    stream.once("data", (chunk) => resolve(Buffer.from(chunk as Buffer)));
    stream.once("error", reject);
  });
  stream.destroy();
  expect(first.subarray(0, 4).toString("binary")).toBe("PK\u0003\u0004");
  // Once an hour: Settings says when next.
  await expect(section.getByText(/You can export your data once an hour/)).toBeVisible();

  // Delete the account, keeping the story online without the name.
  await section.getByRole("button", { name: "Delete account" }).click();
  const deleteForm = page.getByRole("form", { name: "Delete account" });
  await expect(deleteForm.getByRole("radio", { name: /Keep them online/ })).toBeChecked();
  const confirm = deleteForm.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await deleteForm.getByLabel(/Type your username/).fill(user.username);
  await deleteForm.getByLabel("Current password").fill("N3w!Lantern");
  await page.screenshot({ path: testInfo.outputPath("delete-dialog-390.png") });
  const dialogAxe = await axe(page).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(dialogAxe.violations.map((v) => v.id)).toEqual([]);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account and its data were deleted.").first()).toBeVisible();

  const again = await page.request.post("/api/login", {
    data: { email: newEmail, password: "N3w!Lantern" },
    headers: ownAddress(),
  });
  expect(again.status()).toBe(401);
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await page.goto(`/s/${storyId}`);
  await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(page.getByText("orphan_account").first()).toBeVisible();
  await expect(page.getByText(user.username)).toHaveCount(0);
});
