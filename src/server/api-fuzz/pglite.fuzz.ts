// The fuzzing stage on PGlite (stage.ts); postgres.fuzz.ts runs it on PostgreSQL in the other worker.
import { fuzzStage } from "./stage";

fuzzStage("pglite");
