// Issue 31 section 4: GET, POST /api/saved-filters, PATCH and DELETE /api/saved-filters/{id}. A reader's own only
// (another's id is a 404, as a missing one); at most 30 each, counted under a lock on the reader's row so two saves
// at once cannot make 31; one may be the 'Always exclude' (the partial unique index keeps it to one).
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  exclusionsOf,
  NOTHING_TO_EXCLUDE,
  SAVED_FILTER_LIMITS,
  SAVED_FILTER_NAME_TAKEN,
  SAVED_FILTER_NOT_FOUND,
  SavedFilter,
  SavedFilterCreate,
  SavedFilterId,
  SavedFilterUpdate,
  TOO_MANY_SAVED_FILTERS,
} from "../../shared/schemas/saved-filters";
import { requireUser, requireUserHook } from "../accounts/guards";
import { violatedUniqueConstraint } from "../accounts/find-user";
import type { Db } from "../db/client";
import { savedFilters, users } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { z } from "zod";

type Row = typeof savedFilters.$inferSelect;

const present = (row: Row): SavedFilter => ({
  id: row.id,
  name: row.name,
  query: row.query,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** The name is taken: a 409 rather than the database's error. */
async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) === "saved_filters_user_name_key") throw conflict(SAVED_FILTER_NAME_TAKEN);
    throw error;
  }
}

export async function listSavedFilters(db: Db, userId: number): Promise<SavedFilter[]> {
  const rows = await db
    .select()
    .from(savedFilters)
    .where(eq(savedFilters.userId, userId))
    .orderBy(asc(savedFilters.createdAt), asc(savedFilters.id))
    .limit(SAVED_FILTER_LIMITS.max);
  return rows.map(present);
}

export async function createSavedFilter(db: Db, userId: number, body: SavedFilterCreate): Promise<SavedFilter> {
  return unlessNameTaken(() =>
    db.transaction(async (tx) => {
      // NOTE: the reader's row is the lock: a second save waits here and then counts this one.
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
      const [held] = await tx.select({ n: count() }).from(savedFilters).where(eq(savedFilters.userId, userId));
      if ((held?.n ?? 0) >= SAVED_FILTER_LIMITS.max)
        throw new AppError(400, "TOO_MANY_SAVED_FILTERS", TOO_MANY_SAVED_FILTERS);
      const [row] = await tx.insert(savedFilters).values({ userId, name: body.name, query: body.query }).returning();
      return present(row!);
    }),
  );
}

export async function updateSavedFilter(
  db: Db,
  userId: number,
  id: number,
  body: SavedFilterUpdate,
): Promise<SavedFilter> {
  return unlessNameTaken(() =>
    db.transaction(async (tx) => {
      const own = and(eq(savedFilters.id, id), eq(savedFilters.userId, userId));
      const [current] = await tx.select().from(savedFilters).where(own).for("update");
      if (!current) throw notFound(SAVED_FILTER_NOT_FOUND);
      if (body.isDefault === true) {
        const { exclude, crossover } = exclusionsOf(current.query);
        if (exclude.length === 0 && !crossover) throw new AppError(400, "NOTHING_TO_EXCLUDE", NOTHING_TO_EXCLUDE);
        // The reader's other default steps down first (one default each: saved_filters_default_key).
        await tx
          .update(savedFilters)
          .set({ isDefault: false })
          .where(
            and(eq(savedFilters.userId, userId), eq(savedFilters.isDefault, true), sql`${savedFilters.id} <> ${id}`),
          );
      }
      const [row] = await tx
        .update(savedFilters)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.isDefault === undefined ? {} : { isDefault: body.isDefault }),
        })
        .where(own)
        .returning();
      return present(row!);
    }),
  );
}

export async function deleteSavedFilter(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)))
    .returning({ id: savedFilters.id });
  if (gone.length === 0) throw notFound(SAVED_FILTER_NOT_FOUND);
}

export async function savedFilterRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUserHook };
  // NOTE: a reader's own list: never shared, never cached by anyone between.
  const listSchema = { summary: "Your saved filters", security: SIGNED_IN, response: { 200: z.array(SavedFilter) } };
  app.get("/api/saved-filters", { ...signedIn, schema: listSchema }, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return listSavedFilters(request.db, requireUser(request).id);
  });
  const createSchema = {
    summary: "Save a filter",
    security: SIGNED_IN,
    body: SavedFilterCreate,
    response: { 201: SavedFilter, ...errors(409) },
  };
  app.post("/api/saved-filters", { ...signedIn, schema: createSchema }, async (request, reply) =>
    reply.code(201).send(await createSavedFilter(request.db, requireUser(request).id, request.body)),
  );
  app.patch(
    "/api/saved-filters/:id",
    {
      ...signedIn,
      schema: {
        summary: "Rename a saved filter, or make it your Always exclude",
        security: SIGNED_IN,
        params: SavedFilterId,
        body: SavedFilterUpdate,
        response: { 200: SavedFilter, ...errors(409) },
      },
    },
    async (request) => updateSavedFilter(request.db, requireUser(request).id, request.params.id, request.body),
  );
  const deleteSchema = {
    summary: "Delete a saved filter",
    security: SIGNED_IN,
    params: SavedFilterId,
    response: { 204: NoContent },
  };
  app.delete("/api/saved-filters/:id", { ...signedIn, schema: deleteSchema }, async (request, reply) => {
    await deleteSavedFilter(request.db, requireUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });
}
