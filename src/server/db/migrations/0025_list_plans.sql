CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id","suspended_until") WHERE "users"."suspended_until" is not null;--> statement-breakpoint
-- No JIT compilation for this database's sessions (the app's pool, its replicas' copies of the setting, and
-- connections through PgBouncer, which drops a client's own startup options): measured, LLVM compiled every
-- filtered Discover query again on each request (3.2 s of 3.4 s at 10,000 works; decision 0072), and a ranked search
-- crashed a backend with JIT on. The app's queries are short; JIT only pays off for long analytical ones.
-- NOTE: a role that may not alter the database keeps the server's setting (and is told why).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege OR feature_not_supported OR undefined_object THEN
  RAISE NOTICE 'jit stays as the server sets it: %', SQLERRM;
END
$$;
