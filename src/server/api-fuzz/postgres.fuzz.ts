// The fuzzing stage on PostgreSQL (stage.ts), when TEST_DATABASE_URL names a server.
import { describe } from "vitest";
import { TEST_DATABASE_URL } from "../test/database";
import { fuzzStage } from "./stage";

describe.skipIf(!TEST_DATABASE_URL)("PostgreSQL", () => fuzzStage("postgres"));
