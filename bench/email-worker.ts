// The notification email worker sending 10,000 emails to a real SMTP server on 127.0.0.1 (the tests' peer, run in a
// child process so its parsed messages do not count against the worker's memory).
//   npx tsx bench/email-worker.ts [--emails 10000] [--database-url postgres://.../scratch]
// Seeds one verified user with one pending notification per email (PGlite in a temp directory unless
// --database-url names a scratch PostgreSQL database, which it fills), then runs passes until nothing is pending and
// prints the time, the process's RSS (sampled every 20 ms, and VmHWM) and the heap, before and during the sending.
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { notifications, users } from "../src/server/db/schema";
import { signingKeyLoader } from "../src/server/email-notifications/unsubscribe-token";
import { createEmailWorker } from "../src/server/email-notifications/worker";
import { createSmtpMailer } from "../src/server/mail/mailer";
import { startSmtpPeer } from "../src/server/test/smtp-peer";

if (process.argv.includes("--peer")) {
  // The child: the SMTP peer, answering how many messages reached how many distinct recipients.
  const peer = await startSmtpPeer();
  process.send!({ url: peer.url });
  process.on("message", async (message) => {
    if (message === "count") {
      const recipients = new Set(peer.messages.flatMap((m) => m.to));
      process.send!({ messages: peer.messages.length, recipients: recipients.size });
    } else if (message === "close") {
      await peer.close();
      process.exit(0);
    }
  });
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({
    options: { emails: { type: "string", default: "10000" }, "database-url": { type: "string" } },
  });
  const total = Number(values.emails);
  const dataDir = values["database-url"] ? undefined : mkdtempSync(join(tmpdir(), "ficforge-email-bench-"));
  const database = await openDatabase(
    values["database-url"] ? { kind: "postgres", url: values["database-url"] } : { kind: "pglite", dataDir },
  );
  const { db } = database;

  const peer = fork(fileURLToPath(import.meta.url), ["--peer"], { execArgv: process.execArgv });
  const ask = <T>(message?: string) =>
    new Promise<T>((resolve) => {
      peer.once("message", (answer) => resolve(answer as T));
      if (message) peer.send(message);
    });
  const { url } = await ask<{ url: string }>();

  const run = `b${Date.now().toString(36)}`;
  const seedStarted = Date.now();
  for (let from = 0; from < total; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - from) }, (_, i) => ({
      username: `${run}_${from + i}`,
      email: `${run}_${from + i}@bench.ficforge.local`,
      emailVerified: true,
    }));
    const ids = await db.insert(users).values(batch).returning({ id: users.id });
    await db.insert(notifications).values(
      ids.map(({ id }) => ({
        userId: id,
        type: "new_follower",
        actorId: ids[0]!.id,
        emailState: "pending",
        dedupeKey: `follower:${ids[0]!.id}`,
      })),
    );
  }
  console.log(`seeded ${total} users with a pending notification each in ${Date.now() - seedStarted} ms`);

  const smtpMailer = createSmtpMailer(url, "FicForge <no-reply@ficforge.local>");
  let sendMs = 0;
  const worker = createEmailWorker({
    db,
    mailer: {
      async send(message) {
        const t = performance.now();
        await smtpMailer.send(message);
        sendMs += performance.now() - t;
      },
    },
    now: () => new Date(),
    appUrl: "http://localhost:3000",
    signingKey: signingKeyLoader(db, undefined),
  });

  global.gc?.();
  const vmHwm = () => Number(readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
  const before = { rss: process.memoryUsage().rss / 2 ** 20, heap: process.memoryUsage().heapUsed / 2 ** 20 };
  const hwmBefore = vmHwm();
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss / 2 ** 20);
    peakHeap = Math.max(peakHeap, m.heapUsed / 2 ** 20);
  }, 20);

  const started = Date.now();
  let passes = 0;
  let sent = 0;
  for (;;) {
    const result = await worker.runOnce();
    passes++;
    sent += result.emails;
    if (result.error) throw result.error;
    if (result.emails === 0) break;
  }
  const ms = Date.now() - started;
  clearInterval(sampler);

  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.emailState, "pending"));
  global.gc?.();
  const retained = process.memoryUsage().heapUsed / 2 ** 20;
  const received = await ask<{ messages: number; recipients: number }>("count");
  const r = (n: number) => `${Math.round(n)} MB`;
  console.log(
    [
      `database: ${database.kind}`,
      `emails sent: ${sent} in ${passes} passes, ${(ms / 1000).toFixed(1)} s (${Math.round((sent / ms) * 1000)} emails/s)`,
      `time inside SMTP sends, summed over the ${4} lanes: ${(sendMs / 1000).toFixed(1)} s`,
      `SMTP peer received: ${received.messages} messages to ${received.recipients} distinct recipients; pending left: ${left?.n}`,
      `RSS: ${r(before.rss)} before sending, peak ${r(peakRss)} while sending (VmHWM ${r(hwmBefore)} -> ${r(vmHwm())})`,
      `heap used: ${r(before.heap)} before sending, peak ${r(peakHeap)} while sending` +
        (global.gc ? `, ${r(retained)} after a full GC` : " (run with NODE_OPTIONS=--expose-gc for the heap after GC)"),
    ].join("\n"),
  );
  peer.send("close");
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
