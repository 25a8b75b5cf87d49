// GET /u/{name}: the author's public page, its works (never mature or unpublished ones), escaping, case-insensitive
// names and the read cache (a rename or a new bio shows at once; rename-views.test.ts covers a second instance).
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/routes";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { PAGE_CSP, PAGE_CSS } from "../html/site";
import { AUTHOR_PAGE_WORKS } from "./author-query";

const clientDir = mkdtempSync(join(tmpdir(), "ficforge-author-page-"));
const SHELL = "<!doctype html><title>FicForge</title><div id=root></div>";
writeFileSync(join(clientDir, "index.html"), SHELL);

const newName = () => `Au_${randomBytes(3).toString("hex")}`;

describeEachDb(
  "author page",
  (ctx) => {
    const db = () => ctx().database.db;
    const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);
    const author = (description: string | null = null) =>
      createVerifiedUserWithSession(db(), { username: newName(), description }, ctx().clock.now());
    const story = (authorId: number, overrides: Parameters<typeof createStory>[1] = {}) =>
      createStory(db(), { authorId, published: true, publishedAt: new Date(), ...overrides });

    it("lists a prolific author's works a page at a time, newest first, with links older and back", async () => {
      const { user } = await author();
      const total = AUTHOR_PAGE_WORKS * 2 + 5;
      const ids: number[] = [];
      for (let i = 0; i < total; i++) {
        const made = await story(user.id, { title: `Work ${i}`, publishedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
        ids.push(made.id);
      }
      const newestFirst = ids.reverse();
      const listed = (html: string) => [...html.matchAll(/<h3 id="w(\d+)">/g)].map((m) => Number(m[1]));
      const older = (html: string) => /<a rel="next" href="([^"]+)">Older stories<\/a>/.exec(html)?.[1];
      const first = await get(`/u/${user.username}`);
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain(`<li>${total} published stories</li>`);
      expect(listed(first.body)).toEqual(newestFirst.slice(0, AUTHOR_PAGE_WORKS));
      expect(first.body).not.toContain("Newest stories");
      const second = await get(older(first.body)!);
      expect(second.statusCode, second.body).toBe(200);
      expect(listed(second.body)).toEqual(newestFirst.slice(AUTHOR_PAGE_WORKS, AUTHOR_PAGE_WORKS * 2));
      expect(second.body).toContain(`<a href="/u/${user.username}">Newest stories</a>`);
      expect(second.body).toContain(`<li>${total} published stories</li>`);
      const third = await get(older(second.body)!);
      expect(listed(third.body)).toEqual(newestFirst.slice(AUTHOR_PAGE_WORKS * 2));
      expect(older(third.body)).toBeUndefined();
      // Not a story id: no page; another author's story: an empty page, never their works.
      for (const bad of ["abc", "0", "-1", "99999999999", "1e3"]) {
        expect((await get(`/u/${user.username}?before=${bad}`)).statusCode, bad).toBe(404);
      }
      const stranger = await author();
      const theirs = await story(stranger.user.id, { title: "Not yours" });
      expect(listed((await get(`/u/${user.username}?before=${theirs.id}`)).body)).toEqual([]);
    });

    it("shows the initial, the bio and the published works with summary, tags and words; links to each", async () => {
      const { user } = await author("Writes by the sea.\nMostly at night.");
      const older = await story(user.id, {
        title: "The Crow Keeper",
        description: "Snow has closed the pass.",
        tags: ["Adventure", "Found Family"],
        fandoms: ["Stardew Valley"],
        contentRating: "teen",
        warnings: ["Major character death"],
        wordCount: 1234,
        publishedAt: new Date("2026-01-01"),
      });
      const newer = await story(user.id, { title: "Salt Lines", description: null, wordCount: 1 });
      const res = await get(`/u/${user.username}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["content-security-policy"]).toBe(PAGE_CSP);
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      expect(res.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
      const html = res.body;
      expect(html).not.toContain("<script");
      expect(html).toContain(`<style>${PAGE_CSS}</style>`);
      expect(html).toContain(`<span class="avatar" aria-hidden="true">A</span>`);
      expect(html).toContain(`<h1>${user.username}</h1>`);
      expect(html).toContain('<p class="desc">Writes by the sea.\nMostly at night.</p>');
      expect(html).toContain("<li>2 published stories</li>");
      expect(html).toContain(`<a href="${publicStoryPath(older.id, older.title)}">The Crow Keeper</a>`);
      expect(html).toContain("<p>Snow has closed the pass.</p>");
      // The story's tags in AO3's order (rating, warnings, fandoms, then tags), each tag and warning a link to its page.
      expect(html).toContain(
        '<li>Teen</li><li><a href="/t/Major%20character%20death" rel="tag">Major character death</a></li>' +
          '<li>Stardew Valley</li><li><a href="/t/Adventure" rel="tag">Adventure</a></li>' +
          '<li><a href="/t/Found%20Family" rel="tag">Found Family</a></li><li>In progress</li><li>1,234 words</li>',
      );
      expect(html).toContain(`<a href="${publicStoryPath(newer.id, newer.title)}">Salt Lines</a>`);
      expect(html).toContain("<li>1 word</li>");
      // Newest first.
      expect(html.indexOf("Salt Lines")).toBeLessThan(html.indexOf("The Crow Keeper"));
      const canonical = `${TEST_APP_URL}/u/${user.username}`;
      expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
      expect(html).toContain('<meta property="og:type" content="profile">');
      expect(html).toContain(`<meta property="og:title" content="${user.username} on FicForge">`);
      expect(html).toContain('<meta property="og:description" content="Writes by the sea. Mostly at night.">');
      // The follower count and a sign-in link (public-page/author-follow.test.ts covers following).
      expect(html).toContain('<span>0 followers</span><a class="btn" href="/auth">Sign in to follow</a>');

      const again = await get(`/u/${user.username}`, { "if-none-match": String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      // A signed-in reader gets the same page but for their own 'Follow' form and a way to their dashboard, never
      // cached; the shared page stays as it was.
      const { cookie, user: reader } = await author();
      const slot = /<div class="follow" id="follow">.*?<\/div>/s;
      const nav = /<nav class="nav" aria-label="Account">.*?<\/nav>/s;
      // …and their Block / Mute / Report slot (safety/blocks.test.ts covers those).
      const safety = /<div class="safety" id="safety">.*?<\/div>/s;
      const mine = await get(`/u/${user.username}`, { cookie });
      const theirs = mine.body;
      const bare = (page: string) => page.replace(slot, "").replace(nav, "").replace(safety, "");
      expect(bare(theirs)).toBe(bare(html));
      expect(theirs).toMatch(/<div class="safety" id="safety"><form method="post" action="\/u\/[^"]+\/block">/);
      expect(html).toContain('<div class="safety" id="safety"></div>');
      expect(theirs).toContain('<input type="hidden" name="follow" value="1"><button class="btn">Follow</button>');
      expect(theirs.match(nav)?.[0]).toBe(
        `<nav class="nav" aria-label="Account"><a class="hide" href="/dashboard/settings">Signed in as <strong>${reader.username}</strong></a><a class="btn" href="/dashboard">Dashboard</a></nav>`,
      );
      expect(html).toContain('<a class="hide" href="/auth">Sign in</a><a class="btn" href="/auth">Join free</a>');
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      expect((await get(`/u/${user.username}`)).body).toBe(html);
    });

    it("never lists mature, unpublished or other authors' works, to anyone", async () => {
      const { user, cookie } = await author();
      await story(user.id, { title: "Shown Tale" });
      const hidden = [
        { title: "Draft Tale", published: false, publishedAt: null },
        { title: "Marked Tale", markedMature: true },
        { title: "Rated Tale", rating: "mature" },
        { title: "Themed Tale", themes: ["nsfw"] },
        { title: "Spicy Tale", moods: { spice: 80 } },
        { title: "Adult Tale", description: "An 18+ story." },
      ];
      for (const overrides of hidden) await story(user.id, overrides);
      await story((await author()).user.id, { title: "Someone Else's Tale" });
      // The author themself, signed in, gets the same public view.
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const html = (await get(`/u/${user.username}`, headers)).body;
        expect(html).toContain("Shown Tale");
        expect(html).toContain("<li>1 published story</li>");
        for (const { title } of hidden) expect(html).not.toContain(title);
        expect(html).not.toContain("Someone Else");
      }
    });

    it("an author with nothing published still has a page that says so, summarised by name", async () => {
      const { user } = await author();
      await story(user.id, { title: "Draft Only", published: false, publishedAt: null });
      const html = (await get(`/u/${user.username}`)).body;
      expect(html).toContain(`${user.username} hasn't published a story yet.`);
      expect(html).toContain(`<meta name="description" content="${user.username} on FicForge.">`);
      expect(html).not.toContain('class="desc"');
    });

    it("escapes a hostile bio and title", async () => {
      const { user } = await author(`<img src=x onerror=alert(1)> & "quotes"`);
      await story(user.id, { title: `<script>alert("t")</script>`, description: `</p><a href="javascript:x">y</a>` });
      const html = (await get(`/u/${user.username}`)).body;
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<img");
      expect(html).not.toContain('<a href="javascript');
      expect(html).toContain('<p class="desc">&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;</p>');
      expect(html).toContain("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</a>");
      expect(html).toContain("<p>&lt;/p&gt;&lt;a href=&quot;javascript:x&quot;&gt;y&lt;/a&gt;</p>");
      expect(html).toContain(
        '<meta property="og:description" content="&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;">',
      );
    });

    it("finds the name in any case and moves (301) to the author's own spelling; unknown names are 404", async () => {
      const { user } = await author();
      for (const wrong of [user.username.toLowerCase(), user.username.toUpperCase()]) {
        const res = await get(`/u/${wrong}`);
        expect(res.statusCode, wrong).toBe(301);
        expect(res.headers.location).toBe(`/u/${user.username}`);
      }
      for (const path of ["/u/nobody_here_123", "/u/%3Cscript%3E", `/u/${"x".repeat(80)}`, "/u/a%20b"]) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.body).toBe(SHELL);
      }
    });

    it("a name nobody has is not remembered: registering it later shows the new page", async () => {
      const name = newName();
      expect((await get(`/u/${name}`)).statusCode).toBe(404);
      await createVerifiedUserWithSession(db(), { username: name });
      expect((await get(`/u/${name}`)).statusCode).toBe(200);
    });

    it("old names lead to the name today through several renames, until someone else takes one", async () => {
      const { user, headers } = await author();
      const rename = (username: string) => send(ctx().app, "PATCH", "/api/user", { username }, headers);
      const [first, second, third] = [user.username, newName(), newName()];
      expect((await rename(second)).statusCode).toBe(200);
      expect((await rename(third)).statusCode).toBe(200);
      for (const old of [first, second, second.toUpperCase()]) {
        const res = await get(`/u/${old}`);
        expect(res.statusCode, old).toBe(301);
        expect(res.headers.location).toBe(`/u/${third}`);
      }
      // Back to a name held before: it is the account's own again, and the name it left leads to it.
      expect((await rename(first)).statusCode).toBe(200);
      expect((await get(`/u/${first}`)).statusCode).toBe(200);
      expect((await get(`/u/${third}`)).headers.location).toBe(`/u/${first}`);
      // Old names are not reserved: someone else may take one, and then it is their page.
      const other = await createVerifiedUserWithSession(db(), { username: second, description: "Someone else." });
      const taken = await get(`/u/${second}`);
      expect(taken.statusCode).toBe(200);
      expect(taken.body).toContain("Someone else.");
      expect(other.user.username).toBe(second);
    });

    it("a rename, a new bio and a new story show at once, though the page was cached", async () => {
      const { user, headers } = await author("Old bio.");
      const first = await get(`/u/${user.username}`);
      expect(first.body).toContain("Old bio.");
      // Cached: a row written behind the cache's back does not show...
      await story(user.id, { title: "Quiet Arrival" });
      expect((await get(`/u/${user.username}`)).body).not.toContain("Quiet Arrival");
      // ...until the API says something changed: a new bio,
      const bio = await send(
        ctx().app,
        "PATCH",
        "/api/user",
        { username: user.username, description: "New bio." },
        headers,
      );
      expect(bio.statusCode, bio.body).toBe(200);
      const rebuilt = (await get(`/u/${user.username}`)).body;
      expect(rebuilt).toContain("New bio.");
      expect(rebuilt).toContain("Quiet Arrival");
      // a rename (the old name now leads to the new one),
      const renamed = newName();
      const patch = await send(
        ctx().app,
        "PATCH",
        "/api/user",
        { username: renamed, description: "New bio." },
        headers,
      );
      expect(patch.statusCode, patch.body).toBe(200);
      const old = await get(`/u/${user.username}`);
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(`/u/${renamed}`);
      expect((await get(`/u/${renamed}`)).body).toContain(`<h1>${renamed}</h1>`);
      // or a published story being changed (an edit drops its story, Discover and the author pages).
      const title = "Loud Departure";
      await story(user.id, { title });
      ctx().app.readCache.invalidateStory(1);
      expect((await get(`/u/${renamed}`)).body).toContain(title);
    });
  },
  { clientDir },
);
