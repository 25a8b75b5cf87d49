// A user's row as the app reads it (kept apart from types.ts, which the session cache and payments types feed).
import type { users } from "./db/schema";

export type UserRow = typeof users.$inferSelect;
