// Toasts never cover a dialog's buttons, at desktop and phone widths (issue 7): a failed publish toasts while
// the publish dialog stays open, and the toast must leave 'Publish Story', Cancel and Close uncovered.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** True when a click at the button's centre would reach the button, not something drawn over it. */
function reachable(button: Locator): Promise<boolean> {
  return button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** The element's box once it stops moving between 100 ms apart, else null. */
async function settledBox(locator: Locator): Promise<Box | null> {
  const before = (await locator.boundingBox())?.y;
  await locator.page().waitForTimeout(100);
  const after = await locator.boundingBox();
  return before !== undefined && after !== null && before === after.y ? after : null;
}

async function openPublishDialog(page: Page) {
  const created = await page.request.post("/api/stories", { data: { title: "Toast Test", content: "<p>Hi.</p>" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // The server refusing the publish is what makes the toast appear with the dialog still open.
  await page.route(`**/api/stories/${id}/publish`, (route) =>
    route.fulfill({ status: 503, json: { message: "The database is unavailable. Please try again shortly." } }),
  );
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
  test(`a toast leaves the publish dialog and its buttons uncovered at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, await createVerifiedUser(page.request));
    const dialog = await openPublishDialog(page);
    await dialog.getByLabel("Description").fill("A lantern, a road, a promise.");
    const publish = dialog.getByRole("button", { name: "Publish Story" });
    await publish.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to publish story" });
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    // Measure once the toast has finished sliding in, with that very box: on a slow machine the toast may time out
    // and leave before a second look.
    let toastBox: Box | null = null;
    await expect.poll(async () => (toastBox = await settledBox(toast))).not.toBeNull();
    await page.screenshot({ path: `test-results/publish-toast-${viewport.width}.png` });

    expect(overlaps(toastBox!, (await dialog.boundingBox())!)).toBe(false);
    for (const name of ["Publish Story", "Cancel"]) {
      const button = dialog.getByRole("button", { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      expect(await reachable(button), name).toBe(true);
    }
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    expect(await reachable(dialog.getByRole("button", { name: "Close" })), "Close").toBe(true);
  });
}
