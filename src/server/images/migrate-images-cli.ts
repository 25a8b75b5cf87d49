// `npm run images:migrate`: moves images stored in the database (before decision 0036) to the configured image
// storage (IMAGE_STORAGE: DATA_DIR/images or S3). Safe to run again, and to stop and start again: see
// migrate-images.ts. PostgreSQL (DATABASE_URL): may run while the app serves. The embedded database: stop the app
// first (it holds DATA_DIR's lock).
import { DataDirLockedError, openDatabase } from "../db/client";
import { loadConfig, readDotEnv } from "../env";
import { migrateImages } from "./migrate-images";
import { createImageStorage } from "./storage/driver";

async function run(): Promise<number> {
  readDotEnv();
  const config = loadConfig();
  const storage = createImageStorage(config);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({
          kind: "postgres",
          url: config.DATABASE_URL,
          // The migrations' session lock on the direct connection when DATABASE_URL is a pooler (decision 0065).
          directUrl: config.DATABASE_LISTEN_URL,
          poolSize: 1,
        })
      : await openDatabase({ kind: "pglite", dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`FicForge is running on ${config.DATA_DIR}. Stop it, then run npm run images:migrate again.`);
      return 1;
    }
    throw error;
  }
  const where = config.IMAGE_STORAGE === "s3" ? `S3 bucket ${config.S3_BUCKET}` : `${config.DATA_DIR}/images`;
  const started = performance.now();
  try {
    const result = await migrateImages(database.db, storage, {
      onProgress: (moved) => console.log(`  ${moved} images moved to ${where}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      result.moved === 0
        ? `Nothing to move: every image is already in ${where}.`
        : `Moved ${result.moved} images to ${where} in ${seconds} s.`,
    );
    if (result.remaining > 0) {
      console.error(`${result.remaining} images have no bytes in the database nor a storage key; see the log above.`);
      return 1;
    }
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`images:migrate stopped: ${(error as Error).message}. Run it again to go on where it stopped.`);
    process.exit(1);
  },
);
