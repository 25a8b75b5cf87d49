// `npm run admin -- grant admin someone@example.com` (also `grant moderator`, `revoke`, `list`): the only way to
// give or take a role. PostgreSQL (DATABASE_URL): connects directly. The embedded database: through the running
// app's socket in DATA_DIR (admin-socket.ts), or, when the app is not running, opens DATA_DIR itself under the
// data-dir lock (db/data-dir-lock.ts), so the app cannot start on it meanwhile.
import { userInfo } from "node:os";
import { DataDirLockedError, openDatabase } from "../db/client";
import { loadConfig, readDotEnv } from "../env";
import {
  type AdminAnswer,
  commandLineActor,
  parseAdminArgs,
  runAdminCommand,
  USAGE,
} from "../moderation/admin-command";
import { adminSocketPath, sendAdminCommand } from "./admin-socket";

async function run(): Promise<number> {
  readDotEnv();
  const command = parseAdminArgs(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const osUser = safeUser();
  let answer: AdminAnswer | undefined;
  if (config.DATABASE_URL) {
    // NOTE: the migrations' session lock on the direct connection when DATABASE_URL is a pooler (decision 0065).
    const directUrl = config.DATABASE_LISTEN_URL;
    const database = await openDatabase({ kind: "postgres", url: config.DATABASE_URL, directUrl, poolSize: 1 });
    try {
      answer = await runAdminCommand(database.db, command, commandLineActor(osUser), new Date());
    } finally {
      await database.close();
    }
  } else {
    answer = await sendAdminCommand(adminSocketPath(config.DATA_DIR), { ...command, actor: osUser });
    if (!answer) {
      const database = await openDatabase({ kind: "pglite", dataDir: config.DATA_DIR });
      try {
        answer = await runAdminCommand(database.db, command, commandLineActor(osUser), new Date());
      } finally {
        await database.close();
      }
    }
  }
  if (answer.ok) {
    console.log(answer.message);
    return 0;
  }
  console.error(answer.error);
  return 1;
}

function safeUser(): string {
  try {
    return (
      userInfo()
        .username.replace(/[^\w.-]/g, "")
        .slice(0, 64) || "unknown"
    );
  } catch {
    return "unknown";
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message} Its admin socket did not answer: is the app still starting?`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  },
);
