// Toasts never cover a dialog's buttons, at desktop and phone widths (issue 7).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(locator: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    if (box) out.push(box);
  }
  return out;
}

async function openPublishDialog(page: Page) {
  const created = await page.request.post("/api/stories", { data: { title: "Toast Test", content: "<p>Hi.</p>" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/dashboard/story/${id}`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a toast leaves the publish dialog's buttons uncovered at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, await createVerifiedUser(page.request));
    const dialog = await openPublishDialog(page);
    const publish = dialog.getByRole("button", { name: "Publish Story" });
    await publish.scrollIntoViewIfNeeded();
    await publish.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Description required" });
    await expect(toast).toBeVisible();
    // Let the toast finish sliding in before measuring.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots/publish-toast-${viewport.width}.png` });
    const toastBox = (await toast.boundingBox())!;
    for (const button of await boxes(dialog.getByRole("button"))) {
      expect(overlaps(toastBox, button), JSON.stringify({ toastBox, button })).toBe(false);
    }
  });
}
