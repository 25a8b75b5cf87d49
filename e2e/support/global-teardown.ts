// After the journeys: drop the PostgreSQL database playwright.config.ts made for them (when it made one).
import pg from "pg";

export default async function globalTeardown(): Promise<void> {
  const e2eUrl = process.env.E2E_DATABASE_URL;
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!e2eUrl || !testUrl) return;
  const name = new URL(e2eUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: testUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
