// The background jobs main.ts starts. To add one: a line here, and a test that its run does the work.
import { pruneExpiredSessions } from "./accounts/sessions";
import type { MaintenanceJob } from "./maintenance";
import type { AppDeps } from "./types";

const HOUR_MS = 60 * 60 * 1000;

export function maintenanceJobs(deps: Pick<AppDeps, "database" | "now">): MaintenanceJob[] {
  const { db } = deps.database;
  return [{ name: "prune-expired-sessions", everyMs: HOUR_MS, run: () => pruneExpiredSessions(db, deps.now()) }];
}
