// Reading without a connection (issue 31, section 5), at 1280 then 390 px: the app installs (manifest, icons, a
// service worker); a reader saves a work for offline in the reader, finds it under Saved Stories with its size, goes
// offline (Playwright's offline mode), opens the app and reads it; public pages are not kept. Signing out deletes the
// saved work, and another account signing in on the same browser sees none of a previous account's works.
// NOTE: the other journeys block service workers (playwright.config.ts); these contexts allow them.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedUser, ownAddress, signIn, type TestUser } from "./support/accounts";
import { makePng } from "./support/images";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

const word = () => randomBytes(3).toString("hex");

async function readerPage(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, serviceWorkers: "allow" });
  const page = await context.newPage();
  const user = await createVerifiedUser(page.request);
  await signIn(page, user);
  return { page, user };
}

/** A published work with a cover (a PNG the server re-encodes) and two chapters; answers its id. */
async function publishWithCover(request: APIRequestContext, page: Page, title: string, marker: string) {
  const cover = `data:image/png;base64,${(await makePng(page, 400, 500)).toString("base64")}`;
  const content = `<h2>Chapter 1</h2><p>${marker} lit the lamps.</p><h2>Chapter 2</h2><p>The tide came in.</p>`;
  const created = await request.post("/api/stories", { data: { title, content, coverImage: cover } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await request.post(`/api/stories/${id}/publish`, {
    data: { title, description: "A harbour at night." },
  });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

/** Waits until the service worker controls the page: its precache (the app's assets) is complete by then. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What this browser keeps for offline: saved works (IndexedDB) and the names of its caches. */
async function offlineData(page: Page): Promise<{ works: number; caches: string[] }> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const works = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("ficforge-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("works")) return resolve(0);
        const count = db.transaction("works").objectStore("works").count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      };
    });
    return { works, caches: names };
  });
}

test("the app is installable: a manifest with its icons and a service worker controlling the page", async ({
  browser,
  baseURL,
}) => {
  const { page } = await readerPage(browser, baseURL);
  await controlledByServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  // Chromium's own verdict: the manifest it found parses cleanly and nothing stands in the way of installing.
  const found = await cdp.send("Page.getAppManifest");
  expect(found.url).toMatch(/\/manifest\.webmanifest$/);
  expect(found.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // NOTE: a Playwright context is an incognito profile, where Chromium never offers to install; that is its only objection.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "FicForge", start_url: "/dashboard", display: "standalone" });
  expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(["any", "any", "maskable"]);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const { width, height, format } = await sharp(await png.body()).metadata();
    expect(format).toBe("png");
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("a reader saves a work for offline, reads it without a network, and signing out deletes it", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const author = await readerPage(browser, baseURL);
  const { page, user } = await readerPage(browser, baseURL);
  const context = page.context();
  for (const viewport of [DESKTOP, PHONE]) {
    await resizeTo(page, viewport);
    const title = `Harbour Lights ${word()}`;
    const marker = `Keeper ${word()}`;
    const id = await publishWithCover(author.page.request, author.page, title, marker);

    // The reader: 'Save for offline'.
    await page.goto(`/dashboard/story/${id}/read`);
    await controlledByServiceWorker(page);
    await page.getByTestId("reader-offline").click();
    await expect(page.getByTestId("reader-offline")).toHaveText(/Saved for offline/);
    await expect(page.getByTestId("reader-offline")).toHaveAttribute("aria-pressed", "true");
    await page.screenshot({ path: testInfo.outputPath(`reader-saved-${viewport.width}.png`) });

    // Saved Stories lists it with its size and day.
    await page.goto("/dashboard/bookmarks");
    const item = page.getByTestId("offline-item").filter({ hasText: title });
    await expect(item).toContainText(/Saved on \w{3} \d{1,2}, \d{4}/);
    await expect(item.getByTestId("offline-size")).toHaveText(/^\d+ KB$/);

    // Offline: the app still opens (the shell from the precache), Saved Stories lists the work, and it reads.
    await context.setOffline(true);
    await page.reload();
    await expect(item).toBeVisible();
    await expect(page.getByText("Saved stories could not be loaded. Try again in a moment.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`saved-offline-${viewport.width}.png`), fullPage: true });
    await item.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("reader-offline-banner")).toContainText("You're reading offline");
    await expect(page.getByText(`${marker} lit the lamps.`)).toBeVisible();
    const cover = page.locator(`img[src^="blob:"]`).first();
    await expect(cover).toBeVisible();
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath(`reader-offline-${viewport.width}.png`) });

    // A cold load of the reader's address offline, and its second chapter.
    await page.goto(`/dashboard/story/${id}/read?chapter=2`);
    await expect(page.getByText("The tide came in.")).toBeVisible();
    // Public pages are the server's alone: nothing keeps them for offline.
    // NOTE: in a page of its own: Chromium's network error page reloads itself once the network is back, and on the
    // reader's page that reload interrupted the next width's first navigation (seen once on CI).
    const probe = await context.newPage();
    await expect(probe.goto(`/s/${id}`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await probe.close();
    await context.setOffline(false);
  }

  // Signing out deletes the saved works (and every cache but the app's own precache).
  await resizeTo(page, DESKTOP);
  await page.goto("/dashboard/bookmarks");
  await expect(page.getByTestId("offline-item")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => offlineData(page).then((d) => d.works)).toBe(0);
  expect((await offlineData(page)).caches.every((name) => name.startsWith("workbox-precache"))).toBe(true);

  // The reader saves one again; another account then signs in on this browser (no sign-out between): it sees none.
  await signIn(page, user);
  const id = await publishWithCover(author.page.request, author.page, `Tide Tables ${word()}`, `Pilot ${word()}`);
  await page.goto(`/dashboard/story/${id}/read`);
  await page.getByTestId("reader-offline").click();
  await expect(page.getByTestId("reader-offline")).toHaveAttribute("aria-pressed", "true");
  const other = await createVerifiedUser(page.request);
  const login = await page.request.post("/api/login", {
    data: { email: other.email, password: other.password },
    headers: ownAddress(),
  });
  expect(login.status()).toBe(200);
  await page.goto("/dashboard/bookmarks");
  await expect(page.getByText("No works saved for offline.", { exact: false })).toBeVisible();
  expect((await offlineData(page)).works).toBe(0);
  // Offline, nothing of the first account's remains to open: no saved copy and no account to open the app as.
  await context.setOffline(true);
  await page.goto(`/dashboard/story/${id}/read`);
  await expect(page).toHaveURL(/\/auth$/);
  await context.setOffline(false);
});
