// Scheduled chapters (issue 31, section 3): a writer schedules chapter 2 of a published story from the editor and
// then writes it; readers see nothing of it (the reader, the public page); the dashboard lists it, and Edit moves it.
// At its time it goes live: the subscribed reader gets one notification and reads it, the writer gets 'Chapter 2 went
// live'. The first half at 1280 px, the second on a phone, and the dashboard's list photographed at both widths.
// NOTE: the minimum is a minute ahead; instead of waiting, the journey asks the dev-only route (served only where the
// dev outbox is, never in production) to bring the story's releases due now and run the worker.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { publicStoryPath } from "../src/shared/routes";
import { createVerifiedUser, ownAddress, signIn } from "./support/accounts";
import { publishStory } from "./support/stories";
import { DESKTOP, PHONE, resizeTo, shootBothWidths } from "./support/viewport";
import { axe } from "./support/axe";

const chapter = (n: number, text: string) => `<h2>Chapter ${n}</h2><p>${text}</p>`;

async function signedInApi(browser: import("@playwright/test").Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const user = await createVerifiedUser(context.request);
  const login = await context.request.post("/api/login", {
    data: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  expect(login.status()).toBe(200);
  return { context, user, request: context.request };
}

const notificationsOf = async (request: APIRequestContext) =>
  (
    (await (await request.get("/api/notifications")).json()) as {
      items: { type: string; chapterNumber: number | null }[];
    }
  ).items;

test("a writer schedules chapter 2; it stays hidden, then goes live with one notification (1280 and 390 px)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const shot = (file: string) => testInfo.outputPath(file);
  const title = `Tides ${randomBytes(3).toString("hex")}`;
  const secret = `The second tide ${randomBytes(3).toString("hex")}.`;
  const reader = await signedInApi(browser, baseURL);
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const writer = await createVerifiedUser(page.request);
  await signIn(page, writer);
  const id = await publishStory(page.request, {
    title,
    content: chapter(1, "The first tide came in."),
    description: "Two tides.",
  });
  expect((await reader.request.post(`/api/stories/${id}/subscription`)).status()).toBe(200);

  // The editor: 'Schedule a chapter' suggests the next one, chapter 2, an hour or more ahead.
  await page.goto(`/dashboard/story/${id}`);
  await page.getByRole("button", { name: "Schedule a chapter" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule a chapter" });
  await expect(dialog.getByLabel("Chapter", { exact: true })).toHaveValue("2");
  await expect(dialog.getByLabel("Silent update")).not.toBeChecked();
  expect((await axe(page).include('[role="dialog"]').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: shot("schedule-dialog-1280.png") });
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Chapter 2 scheduled", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: /Schedule a chapter.*1 scheduled/ })).toBeVisible();
  await shootBothWidths(page, "editor-scheduled", shot);

  // The writer writes chapter 2 (as the editor saves it); readers see nothing of it.
  const saved = await page.request.patch(`/api/stories/${id}`, {
    data: { content: chapter(1, "The first tide came in.") + chapter(2, secret) },
  });
  expect(saved.status()).toBe(200);
  const read = await reader.request.get(`/api/stories/${id}/read`);
  expect(await read.text()).not.toContain(secret);
  const publicPage = await reader.request.get(publicStoryPath(id, title));
  expect(publicPage.status()).toBe(200);
  expect(await publicPage.text()).not.toContain(secret);
  expect((await reader.request.get(`${publicStoryPath(id, title)}/2`)).status()).toBe(404);

  // The dashboard lists it; on a phone, Edit moves it a day later.
  await page.goto("/dashboard");
  const row = page.getByTestId("scheduled-release");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Chapter 2 of ${title}`);
  await expect(row).toContainText("Goes live");
  await shootBothWidths(page, "dashboard-scheduled", shot, row);
  await resizeTo(page, PHONE);
  await row.scrollIntoViewIfNeeded();
  await row.getByRole("button", { name: "Edit the time of Chapter 2" }).click();
  const tomorrow = new Date(Date.now() + 26 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T${pad(tomorrow.getHours())}:00`;
  await row.getByLabel("New time for Chapter 2").fill(local);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Schedule changed", { exact: true })).toBeVisible();
  const schedules = (await (await page.request.get(`/api/stories/${id}/schedule`)).json()) as { at: string }[];
  expect(new Date(schedules[0]!.at).getTime()).toBe(new Date(local).getTime());
  await page.screenshot({ path: shot("dashboard-edited-390.png"), fullPage: true });
  expect(await notificationsOf(reader.request)).toEqual([]);

  // Its time comes (the dev route stands in for the clock): it goes live once.
  const released = await page.request.post(`/api/dev/stories/${id}/release-now`);
  expect(await released.json()).toEqual({ released: 1 });
  expect(await (await page.request.post(`/api/dev/stories/${id}/release-now`)).json()).toEqual({ released: 0 });
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect
    .poll(async () => (await notificationsOf(reader.request)).filter((n) => n.type === "new_chapter"))
    .toEqual([expect.objectContaining({ type: "new_chapter", chapterNumber: 2 })]);

  // The reader, on a phone, reads it; the bell's page shows the one notification.
  const readerPage = await reader.context.newPage();
  await readerPage.setViewportSize(PHONE);
  await readerPage.goto("/dashboard/notifications");
  await expect(readerPage.getByTestId("notification")).toHaveCount(1);
  await expect(readerPage.getByTestId("notification")).toContainText(`posted chapter 2 of ${title}`);
  await readerPage.getByTestId("notification").getByRole("link").first().click();
  await expect(readerPage).toHaveURL(new RegExp(`/dashboard/story/${id}/read`));
  await readerPage.goto(`/dashboard/story/${id}/read?chapter=2`);
  await expect(readerPage.getByText(secret)).toBeVisible();
  await readerPage.screenshot({ path: shot("reader-chapter2-390.png") });

  // The writer: 'Chapter 2 went live'.
  await page.goto("/dashboard/notifications");
  await expect(page.getByTestId("notification")).toHaveCount(1);
  await expect(page.getByTestId("notification")).toContainText(`Chapter 2 went live: ${title}`);
  await page.screenshot({ path: shot("writer-notification-390.png") });

  // A whole publish, scheduled from the publish dialog on the phone: the dashboard lists it as the story.
  const created = await page.request.post("/api/stories", {
    data: { title: `Draft ${title}`, content: chapter(1, "Not yet.") },
  });
  const draftId = ((await created.json()) as { id: number }).id;
  await page.goto(`/dashboard/story/${draftId}`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const publishDialog = page.getByRole("dialog", { name: "Publish Your Story" });
  await publishDialog.getByLabel("Description").fill("Out next week.");
  await publishDialog.getByLabel("Schedule", { exact: true }).check();
  await expect(publishDialog.getByLabel("Silent update")).not.toBeChecked();
  await publishDialog.getByRole("button", { name: "Schedule", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("publish-dialog-schedule-390.png") });
  await publishDialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Publication scheduled", { exact: true })).toBeVisible();
  await page.goto("/dashboard");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`The story: Draft ${title}`);
  expect((await reader.request.get(`/api/stories/${draftId}/read`)).status()).toBe(404);
});
