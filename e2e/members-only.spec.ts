// Members-only works (issue 29), at 1280 and 390 px: a writer publishes a work for members only from the Publish
// dialog; a signed-out visitor who opens its public link is asked to sign in (none of the text shown), signs in
// through that link and lands back on the work, now reading it.
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import type { StoryView } from "../src/shared/schemas/story";
import { createVerifiedUser, signIn } from "./support/accounts";
import { DESKTOP, PHONE } from "./support/viewport";

const SHOTS = process.env.MEMBERS_SHOTS;
const TEXT = "The keeper wrote the tide tables by candlelight.";

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px: a members-only work asks a visitor to sign in, then reads`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const shot = async (on: Page, name: string) => {
      if (SHOTS) await on.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
    };
    const writer = await createVerifiedUser(page.request);
    await signIn(page, writer);
    const title = `Members Tide ${randomBytes(3).toString("hex")}`;
    const made = await page.request.post("/api/stories", { data: { title, content: `<p>${TEXT}</p>` } });
    expect(made.status(), await made.text()).toBe(201);
    const story = (await made.json()) as StoryView;

    await page.goto(`/dashboard/story/${story.id}`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Publish Your Story" });
    await dialog.getByLabel("Description").fill("Tides, kept for members.");
    await dialog
      .getByRole("group", { name: "Who can read it" })
      .getByText("Members only (signed-in readers)", { exact: true })
      .click();
    await dialog.getByRole("button", { name: "Publish Story" }).click();
    await expect(dialog).toBeHidden();
    const published = (await (await page.request.get(`/api/stories/${story.id}`)).json()) as StoryView;
    expect(published.audience).toBe("members");
    expect(published.publicPath).not.toBeNull();

    // A visitor (no session) opens the public link.
    const visitor = await (await browser.newContext({ baseURL, viewport })).newPage();
    await visitor.goto(published.publicPath!);
    await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(visitor.getByText(`${writer.username} shares this work with FicForge members only.`)).toBeVisible();
    await expect(visitor.getByText(TEXT)).toHaveCount(0);
    await shot(visitor, "members-gate");

    // Sign in through the gate's link: back on the work, reading it.
    const reader = await createVerifiedUser(visitor.request);
    await visitor.getByRole("link", { name: "Sign in to read" }).click();
    await visitor.getByLabel("Email").fill(reader.email);
    await visitor.getByLabel("Password", { exact: true }).fill(reader.password);
    await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(visitor).toHaveURL(new RegExp(`${published.publicPath!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(visitor.getByText(TEXT)).toBeVisible();
    await shot(visitor, "members-read");
  });
}
