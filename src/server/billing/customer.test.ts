// A user's customer is created once and stored: checkouts that race each create one, and all end with the stored one.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { DB_KINDS, openTestDatabase } from "../test/database";
import { createUser } from "../test/factories";
import { ensureCustomerId } from "./customer";

for (const kind of DB_KINDS) {
  describe(`[${kind}] ensureCustomerId`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database?.close());

    it("stores the first customer of five racing checkouts and answers it to all of them", async () => {
      const user = await createUser(database.db);
      let created = 0;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Every checkout has looked and found no customer before any of them stores one.
      const create = async () => {
        const id = `cus_race_${++created}`;
        await gate;
        return id;
      };
      const answers = Promise.all(Array.from({ length: 5 }, () => ensureCustomerId(database.db, user, create)));
      await vi.waitFor(() => expect(created).toBe(5));
      release();
      const ids = await answers;
      const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(stored!.stripeCustomerId).toMatch(/^cus_race_[1-5]$/);
      expect(ids).toEqual(Array(5).fill(stored!.stripeCustomerId));
    });

    it("uses the stored customer without creating one", async () => {
      const user = await createUser(database.db, { stripeCustomerId: "cus_kept" });
      const create = vi.fn(async () => "cus_new");
      expect(await ensureCustomerId(database.db, { ...user, stripeCustomerId: null }, create)).toBe("cus_kept");
      expect(create).not.toHaveBeenCalled();
    });
  });
}
