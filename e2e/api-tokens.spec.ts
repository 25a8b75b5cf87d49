// Issue 34: a reader makes a read token in Settings, copies it once, uses it from a script, sees its last use, and
// revokes it; at 1280 and 390 px, one token per width. The token is never shown again after 'Done'.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";
import { DESKTOP, PHONE, resizeTo } from "./support/viewport";

test("a reader creates a read token, copies it once, uses it, sees its last use and revokes it (1280 and 390 px)", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, await createVerifiedUser(page.request));
  for (const viewport of [DESKTOP, PHONE]) {
    const { width } = viewport;
    await resizeTo(page, viewport);
    const name = `Reader app ${width}`;
    await page.goto("/dashboard/settings");
    const section = page.getByRole("region", { name: "API tokens" });
    await section.getByLabel("Token name").fill(name);
    await section.getByLabel("Access").selectOption({ label: "Read" });
    await section.getByRole("button", { name: "Create token" }).click();

    // Shown once, copied with the button.
    const shown = section.getByLabel("New API token");
    await expect(shown).toHaveValue(/^ffp_/);
    const token = await shown.inputValue();
    await section.getByRole("button", { name: "Copy" }).click();
    await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.screenshot({ path: testInfo.outputPath(`token-shown-${width}.png`) });
    await section.getByRole("button", { name: "Done" }).click();
    await expect(section.getByLabel("New API token")).toHaveCount(0);
    const row = section.getByRole("listitem", { name });
    await expect(row).toContainText("Read · Last used: Never");
    expect(await page.content()).not.toContain(token);

    // A script uses it: it reads, it may not write.
    const script = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    expect((await script.get("/api/stories")).status()).toBe(200);
    const write = await script.post("/api/stories", { data: { title: "From a script" } });
    expect(write.status()).toBe(403);

    await page.reload();
    await expect(row).not.toContainText("Last used: Never");
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`token-listed-${width}.png`) });

    // Revoked: gone from the list, and the script is refused at once.
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).click();
    await expect(row).toHaveCount(0);
    expect((await script.get("/api/stories")).status()).toBe(401);
    await script.dispose();
  }

  // The reference the section links to renders from the app alone, under its CSP (a violation is a console error).
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("request", (r) => !r.url().startsWith(baseURL ?? "") && problems.push(`outside request: ${r.url()}`));
  await page.getByRole("region", { name: "API tokens" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  // NOTE: Swagger UI needed ~2.2 s of CPU before it drew the title (normalizing the whole OpenAPI 3.1 document, now
  // skipped at load: ~0.75 s; decision 0112), and opening an operation still takes ~1–1.6 s. With the stage's five
  // journeys on two cores that ran past the 10 s default on CI, so the reference gets more time.
  await expect(page.getByRole("heading", { name: /FicForge API/ }))
    .toBeVisible({ timeout: 45_000 })
    .catch(async (error: Error) => {
      // CI prints only the message: say what the page showed and what it complained of.
      const shown = (
        (await page
          .locator("body")
          .textContent()
          .catch(() => "")) ?? ""
      ).slice(0, 500);
      throw new Error(`${error.message}\npage text: ${shown}\nproblems: ${problems.join(" | ")}`);
    });
  // Groups start folded (230 operations drawn at once took seconds): the reader opens the one they want.
  await page.getByRole("link", { name: "me", exact: true }).click();
  await expect(page.getByText("Create a personal API token").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("api-docs-390.png") });
  expect(problems).toEqual([]);
});
