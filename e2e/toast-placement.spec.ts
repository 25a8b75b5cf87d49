// Toasts never cover a dialog's buttons, at desktop and phone widths (issue 7): a failed publish toasts while
// the publish dialog stays open, and the toast must leave 'Publish Story', Cancel and Close uncovered.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

interface Look {
  /** The toast was still on the page when it was measured (it times out after a few seconds). */
  connected: boolean;
  toast: Box;
  dialog: Box;
  /** For each button, whether a click at its centre reaches it rather than something drawn over it. */
  reachable: Record<string, boolean>;
}

/**
 * Waits in the page until the toast has stopped sliding (its box unchanged over five frames), then measures the toast,
 * the dialog and its buttons at once. NOTE: in one evaluation, not a round trip per measurement: on a slow machine
 * the toast could time out and leave between looks.
 */
async function look(toast: Locator, dialog: Locator): Promise<Look> {
  return toast.evaluate(
    (el, dialogEl) =>
      new Promise<Look>((resolve) => {
        const boxOf = (e: Element): Box => {
          const r = e.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        const reachable = (button: Element | undefined) => {
          if (!button) return false;
          button.scrollIntoView({ block: "nearest" });
          const r = button.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return hit !== null && button.contains(hit);
        };
        const named = (name: string) =>
          [...dialogEl.querySelectorAll("button")].find(
            (b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name,
          );
        let last = boxOf(el);
        let still = 0;
        const tick = () => {
          const now = boxOf(el);
          still = now.x === last.x && now.y === last.y ? still + 1 : 0;
          last = now;
          if (still < 5) return void requestAnimationFrame(tick);
          const toastBox = now;
          const result: Record<string, boolean> = {};
          for (const name of ["Publish Story", "Cancel"]) result[name] = reachable(named(name));
          dialogEl.scrollTo(0, 0);
          result.Close = reachable(named("Close"));
          resolve({ connected: el.isConnected, toast: toastBox, dialog: boxOf(dialogEl), reachable: result });
        };
        requestAnimationFrame(tick);
      }),
    await dialog.elementHandle(),
  );
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
    const seen = await look(toast, dialog);
    await page.screenshot({ path: `test-results/publish-toast-${viewport.width}.png` });

    expect(seen.connected, "the toast was measured while shown").toBe(true);
    expect(overlaps(seen.toast, seen.dialog)).toBe(false);
    expect(seen.reachable).toEqual({ "Publish Story": true, Cancel: true, Close: true });
  });
}
