// Story versions in end-to-end tests: the built server's clock is real, so a version is made "yesterday's" in the
// database itself. Only on PostgreSQL (CI's journeys, E2E_DATABASE_URL): the embedded PGlite is the server's own.
import pg from "pg";

/** Moves every version of the story a day back; answers false when the journeys run on PGlite. */
export async function ageVersionsByADay(storyId: number): Promise<boolean> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return false;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "update story_versions set created_at = created_at - interval '1 day', saved_at = saved_at - interval '1 day' where story_id = $1",
      [storyId],
    );
  } finally {
    await client.end();
  }
  return true;
}
