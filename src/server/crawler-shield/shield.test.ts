// Issue 29 section 5: robots.txt and the TDM file, the noai reservation on every public reading answer, AI crawlers
// refused by name, and the per-address budget for signed-out reading (429 with Retry-After, counted in /metrics).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { publicChapterPath, storyEpubPath, storyFeedPath } from "../../shared/chapters";
import { authorPath, publicStoryPath } from "../../shared/routes";
import { loadConfig } from "../env";
import { describeEachDb, send, sendFrom } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { ABOUT_AI_MARKDOWN } from "./about-ai-text";
import { AI_CRAWLERS, namesAiCrawler } from "./crawlers";
import { ReadLimit } from "./read-limit";

const TOKEN = "metrics-token-for-tests-0123456789";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";

it("names AI crawlers by whole token, any case, and lets browsers and search engines through", () => {
  expect(namesAiCrawler(GPTBOT)).toBe(true);
  expect(namesAiCrawler("CCBot/2.0 (https://commoncrawl.org/faq/)")).toBe(true);
  expect(namesAiCrawler("Mozilla/5.0 (compatible; claudebot/1.0)")).toBe(true);
  expect(namesAiCrawler("meta-externalagent/1.1")).toBe(true);
  expect(namesAiCrawler("Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)")).toBe(true);
  for (const name of AI_CRAWLERS) expect(namesAiCrawler(`x ${name}/1.0`), name).toBe(true);
  expect(namesAiCrawler(BROWSER)).toBe(false);
  expect(namesAiCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(false);
  expect(namesAiCrawler("Mozilla/5.0 (compatible; bingbot/2.0)")).toBe(false);
  // Part of a longer name is not the name.
  expect(namesAiCrawler("NotGPTBotReally/1.0")).toBe(false);
  expect(namesAiCrawler(undefined)).toBe(false);
});

it("counts per address in a fixed window, bounded in memory, and refuses with the time left", () => {
  let now = 0;
  const limit = new ReadLimit({ max: 3, windowMs: 60_000, maxAddresses: 2 }, () => now);
  expect([limit.hit("a"), limit.hit("a"), limit.hit("a")]).toEqual([0, 0, 0]);
  now = 15_000;
  expect(limit.hit("a")).toBe(45_000);
  expect(limit.hit("b")).toBe(0);
  // The table is full for this minute: a third address is let through untracked, and counted as such.
  expect(limit.hit("c")).toBe(0);
  expect(limit.tracked).toBe(2);
  expect(limit.stats).toMatchObject({ limited: 1, overflowed: 1 });
  now = 60_000;
  expect(limit.hit("a")).toBe(0);
  expect(limit.tracked).toBe(1);
  const off = new ReadLimit({ max: 0, windowMs: 60_000, maxAddresses: 2 }, () => now);
  for (let i = 0; i < 10; i++) expect(off.hit("a")).toBe(0);
});

it("refuses an AI_CRAWLERS value other than block or allow at start, and defaults to block", () => {
  expect(() => loadConfig({ NODE_ENV: "test", AI_CRAWLERS: "sometimes" })).toThrow(/AI_CRAWLERS.*block or allow/s);
  expect(loadConfig({ NODE_ENV: "test" }).AI_CRAWLERS).toBe("block");
});

it("keeps docs/ai-and-your-work.md word for word what /about/ai says", () => {
  const doc = readFileSync(join(import.meta.dirname, "../../../docs/ai-and-your-work.md"), "utf8");
  expect(doc).toBe(ABOUT_AI_MARKDOWN);
});

describeEachDb(
  "crawler shield",
  (ctx) => {
    const db = () => ctx().database.db;

    /** A published story with two chapters, and every public reading path it has. */
    async function publicPaths(username: string) {
      const session = await createVerifiedUserWithSession(db(), { username }, ctx().clock.now());
      const title = `The Lantern of ${username}`;
      const story = await createStory(db(), {
        authorId: session.user.id,
        title,
        content:
          '<section class="chapter"><h2>One</h2><p>Rain on the harbour.</p></section><section class="chapter"><h2>Two</h2><p>Gulls at dawn.</p></section>',
      });
      const published = await send(
        ctx().app,
        "POST",
        `/api/stories/${story.id}/publish`,
        { title, description: "A tale." },
        { cookie: session.cookie },
      );
      expect(published.statusCode, published.body).toBe(200);
      return {
        session,
        paths: [
          encodeURI(publicStoryPath(story.id, title)),
          encodeURI(publicChapterPath(story.id, title, 1)),
          encodeURI(storyFeedPath(story.id, title)),
          encodeURI(storyEpubPath(story.id, title)),
          encodeURI(authorPath(username)),
          `${encodeURI(authorPath(username))}/feed.atom`,
        ],
      };
    }

    it("robots.txt names the AI crawlers, keeps search engines, and points at the sitemap; tdmrep.json reserves", async () => {
      const robots = await send(ctx().app, "GET", "/robots.txt");
      expect(robots.statusCode).toBe(200);
      expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
      for (const name of ["GPTBot", "CCBot", "ClaudeBot", "anthropic-ai", "Google-Extended", "Applebot-Extended"]) {
        expect(robots.body).toContain(`User-agent: ${name}\n`);
      }
      expect(robots.body).toMatch(/User-agent: iaskspider\nDisallow: \/\n/);
      expect(robots.body).toMatch(/User-agent: \*\nAllow: \/\nDisallow: \/dashboard\n/);
      expect(robots.body).not.toMatch(/Googlebot|bingbot/i);
      expect(robots.body).toContain("Sitemap: http://localhost:3000/sitemap.xml\n");
      const tdm = await send(ctx().app, "GET", "/.well-known/tdmrep.json");
      expect(tdm.statusCode).toBe(200);
      expect(JSON.parse(tdm.body)).toEqual([
        { location: "/", "tdm-reservation": 1, "tdm-policy": "http://localhost:3000/about/ai" },
      ]);
    });

    it("every public reading answer reserves AI rights; pages say it in their robots meta too", async () => {
      const { paths } = await publicPaths("reservedwriter");
      for (const path of paths) {
        const res = await send(ctx().app, "GET", path, undefined, { "user-agent": BROWSER });
        expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers["x-robots-tag"], path).toBe("noai, noimageai");
        expect(res.headers["tdm-reservation"], path).toBe("1");
        if (String(res.headers["content-type"]).startsWith("text/html")) {
          expect(res.body, path).toContain('<meta name="robots" content="noai, noimageai">');
          expect(res.body.match(/<meta name="robots"/g), path).toHaveLength(1);
        }
      }
      const about = await send(ctx().app, "GET", "/about/ai");
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain("<h1>AI and your work on FicForge</h1>");
      expect(about.body).toContain("hashes of every run of 8 words");
    });

    it("answers a named AI crawler 403 on every public reading answer, and a browser 200", async () => {
      const { paths } = await publicPaths("shieldedwriter");
      for (const path of [...paths, "/t/Adventure"]) {
        const bot = await send(ctx().app, "GET", path, undefined, { "user-agent": GPTBOT });
        expect(bot.statusCode, path).toBe(403);
        expect(bot.body).toContain("AI crawlers may not read");
        const head = await send(ctx().app, "HEAD", path, undefined, { "user-agent": "CCBot/2.0" });
        expect(head.statusCode, path).toBe(403);
      }
      // robots.txt itself stays readable to them (it is how they learn the rule).
      expect((await send(ctx().app, "GET", "/robots.txt", undefined, { "user-agent": GPTBOT })).statusCode).toBe(200);
      const metrics = await ctx().app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.body).toMatch(/ficforge_ai_crawlers_refused_total [1-9]/);
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

describeEachDb(
  "signed-out reading budget",
  (ctx) => {
    it("answers 429 with Retry-After past the budget, per address, never to a signed-in reader", async () => {
      const session = await createVerifiedUserWithSession(
        ctx().database.db,
        { username: "budgetwriter" },
        ctx().clock.now(),
      );
      const story = await createStory(ctx().database.db, {
        authorId: session.user.id,
        title: "Budgeted",
        content: "<p>Rain on the harbour at dawn.</p>",
      });
      const publish = await send(
        ctx().app,
        "POST",
        `/api/stories/${story.id}/publish`,
        { title: "Budgeted", description: "A tale." },
        { cookie: session.cookie },
      );
      expect(publish.statusCode, publish.body).toBe(200);
      const page = encodeURI(publicStoryPath(story.id, "Budgeted"));
      const feed = encodeURI(storyFeedPath(story.id, "Budgeted"));
      const author = encodeURI(authorPath("budgetwriter"));
      // One shared budget of 5: pages, feeds and author pages all draw on it.
      const answers = [];
      for (const path of [page, feed, author, page, feed])
        answers.push((await sendFrom(ctx().app, "203.0.113.7", "GET", path)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      const over = await sendFrom(ctx().app, "203.0.113.7", "GET", page);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(over.body).toContain("Too many pages read");
      // Another address has its own budget; a signed-in reader from the spent one is not counted or refused;
      // a forged or stale session cookie is.
      expect((await sendFrom(ctx().app, "203.0.113.8", "GET", page)).statusCode).toBe(200);
      expect(
        (await sendFrom(ctx().app, "203.0.113.7", "GET", page, undefined, { cookie: session.cookie })).statusCode,
      ).toBe(200);
      expect(
        (await sendFrom(ctx().app, "203.0.113.7", "GET", page, undefined, { cookie: "ff_session=forged" })).statusCode,
      ).toBe(429);
      // The app's API and robots.txt are not part of the budget.
      expect((await sendFrom(ctx().app, "203.0.113.7", "GET", "/robots.txt")).statusCode).toBe(200);
      expect((await sendFrom(ctx().app, "203.0.113.7", "GET", "/api/published-stories?limit=1")).statusCode).toBe(200);
      // A forged X-Forwarded-For from a client (no trusted proxy) does not buy a fresh budget.
      const forged = await sendFrom(ctx().app, "203.0.113.7", "GET", page, undefined, {
        "x-forwarded-for": "198.51.100.1",
      });
      expect(forged.statusCode).toBe(429);
      const metrics = await ctx().app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.body).toMatch(/ficforge_public_reads_limited_total [3-9]/);
      // The next minute brings the budget back.
      ctx().clock.advance(60_000);
      expect((await sendFrom(ctx().app, "203.0.113.7", "GET", page)).statusCode).toBe(200);
    });
  },
  { env: { METRICS_TOKEN: TOKEN, PUBLIC_READS_PER_MINUTE: "5" } },
);

describeEachDb(
  "AI_CRAWLERS=allow",
  (ctx) => {
    it("drops the crawler block (robots.txt and the 403) but keeps the reservation", async () => {
      const robots = await send(ctx().app, "GET", "/robots.txt");
      expect(robots.body).not.toContain("GPTBot");
      expect(robots.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
      const session = await createVerifiedUserWithSession(
        ctx().database.db,
        { username: "openwriter" },
        ctx().clock.now(),
      );
      const res = await send(ctx().app, "GET", encodeURI(authorPath("openwriter")), undefined, {
        "user-agent": GPTBOT,
      });
      expect(res.statusCode, session.user.username).toBe(200);
      expect(res.headers["x-robots-tag"]).toBe("noai, noimageai");
    });
  },
  { env: { AI_CRAWLERS: "allow" } },
);
