// What every PostgreSQL session of the app's pools (the primary's and the replicas') starts with.

/**
 * No JIT compilation: the app's queries are short, and LLVM compiled each filtered Discover query again on every
 * request, most of its time (decision 0072). NOTE: PgBouncer drops a client's startup options; migration 0025 sets
 * the same on the database for that path.
 */
export const SESSION_OPTIONS = "-c jit=off";
