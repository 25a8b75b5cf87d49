// Moves a stopped PGlite DATA_DIR into an empty PostgreSQL database (`npm run migrate-to-postgres`, issue 19 §5).
// Generic: the tables, columns, keys, foreign keys and sequences come from the catalogs, so a table or column a
// later migration adds (or removes, e.g. images' bytes moving to a storage driver) is copied without a change here.
//
// Order of work, each step refusing before anything is written:
//   1. DATA_DIR must hold a database, and nobody may hold it (the data-dir lock: the app running is refused);
//   2. the target must be empty: no table with rows, no table FicForge does not have, no migration FicForge does
//      not know; so a second run, or a run against the wrong database, changes nothing;
//   3. the app's migrations run on the target (openDatabase, as the app does at start);
//   4. one transaction copies every table in batches (keyset on the primary key), foreign keys dropped and added
//      back after the copy (so the order of tables and self-references do not matter, and every row is checked
//      once at the end), user triggers off while copying, sequences set from the source;
//   5. statistics are gathered on the target (ANALYZE of the copied tables);
//   6. both sides are read back: per-table row counts and checksums, and every sequence's value.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { type Database, MIGRATIONS_DIR, openDatabase } from "./client";

export class MoveRefusedError extends Error {
  constructor(
    message: string,
    /** The process's exit code: 3 the source cannot be used, 4 the target is not an empty database. */
    readonly exitCode: 3 | 4,
  ) {
    super(message);
  }
}

export interface TableReport {
  table: string;
  rows: number;
  sourceChecksum: string;
  targetChecksum: string;
  targetRows: number;
  ms: number;
}

export interface MoveReport {
  tables: TableReport[];
  sequences: { name: string; source: string; target: string }[];
  ok: boolean;
  ms: number;
}

export interface MoveOptions {
  dataDir: string;
  targetUrl: string;
  /** Bytes of row text per batch, roughly (rows per batch come from a sample of each table's row size). */
  batchBytes?: number;
  log?: (line: string) => void;
}

interface Table {
  schema: string;
  name: string;
  /** Quoted schema.name */
  ident: string;
  columns: string[];
  /** Columns the database computes (generated): read, never written. */
  generated: string[];
  /** Primary-key columns and their types, for the keyset; empty = the table has none (copied in one piece). */
  key: { column: string; type: string }[];
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

// NOTE: the same text for the same value on both servers (checksums compare row text): dates in UTC and ISO.
const SESSION_SETTINGS = [
  "set timezone = 'UTC'",
  "set datestyle = 'ISO, YMD'",
  "set intervalstyle = 'postgres'",
  "set extra_float_digits = 1",
  "set bytea_output = 'hex'",
];

const USER_SCHEMAS = "n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg\\_%'";

async function listTables(query: Query): Promise<Table[]> {
  const rows = await query(
    `select n.nspname as schema, c.relname as name,
       (select coalesce(json_agg(json_build_object('name', a.attname, 'generated', a.attgenerated <> '') order by a.attnum), '[]')
          from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       (select coalesce(json_agg(json_build_object('column', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                 order by array_position(i.indkey::int2[], a.attnum)), '[]')
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = c.oid and i.indisprimary) as key
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS}
     order by n.nspname, c.relname`,
  );
  return rows.map((row) => {
    const columns = parseJson<{ name: string; generated: boolean }[]>(row.columns);
    return {
      schema: String(row.schema),
      name: String(row.name),
      ident: `${q(String(row.schema))}.${q(String(row.name))}`,
      columns: columns.map((c) => c.name),
      generated: columns.filter((c) => c.generated).map((c) => c.name),
      key: parseJson<{ column: string; type: string }[]>(row.key),
    };
  });
}

const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** What the target holds that makes it not an empty FicForge database; empty list = fit to copy into. */
async function targetProblems(target: Query, sourceTables: Table[]): Promise<string[]> {
  const problems: string[] = [];
  const known = new Set(sourceTables.map((t) => `${t.schema}.${t.name}`));
  const tables = await listTables(target);
  const foreign = tables.filter((t) => !known.has(`${t.schema}.${t.name}`)).map((t) => `${t.schema}.${t.name}`);
  if (foreign.length > 0) {
    problems.push(
      `it has tables FicForge does not have (${foreign.slice(0, 5).join(", ")}${foreign.length > 5 ? ", …" : ""}), so it may be another app's database`,
    );
  }
  for (const table of tables) {
    const [row] = await target(`select exists (select 1 from ${table.ident}) as filled`);
    if (row?.filled) problems.push(`the table ${table.schema}.${table.name} has rows`);
  }
  const [journal] = await target("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (journal?.present) {
    const ours = new Map(
      readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => [String(m.folderMillis), m.hash]),
    );
    const applied = await target("select hash, created_at::text as at from drizzle.__drizzle_migrations");
    const unknown = applied.filter((m) => ours.get(String(m.at)) !== m.hash);
    if (unknown.length > 0) {
      problems.push(`${unknown.length} of its migrations are not this FicForge's (a newer version, or another app)`);
    }
  }
  return problems;
}

/** Rows per batch so that one batch's text is about batchBytes (a sample of 200 rows gives the size). */
async function rowsPerBatch(source: Query, table: Table, batchBytes: number): Promise<number> {
  const [row] = await source(
    `select coalesce(avg(octet_length(t::text)), 0)::float8 as width from (select * from ${table.ident} limit 200) t`,
  );
  const width = Math.max(Number(row?.width ?? 0), 1);
  return Math.min(Math.max(Math.floor(batchBytes / width), 1), 5_000);
}

/** An order-free checksum of a table: the sum of each row's md5 (its first 64 bits), over the row's text. */
function checksumSql(table: Table): string {
  const row = [...table.columns].sort().map(q).join(", ");
  // NOTE: row(x) for a single column is still a record, so its text has the same shape on both sides.
  return `select count(*)::int as rows,
            coalesce(sum(('x' || substr(md5(row(${row})::text), 1, 16))::bit(64)::bigint::numeric), 0)::text as checksum
          from ${table.ident}`;
}

async function withPgClient<T>(url: string, work: (query: Query, client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    const query: Query = async (text, params) => (await client.query(text, params as unknown[])).rows;
    for (const setting of SESSION_SETTINGS) await query(setting);
    return await work(query, client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function pgliteQuery(database: Database): Query {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const { dataDir, targetUrl, batchBytes = 4 << 20, log = () => {} } = options;
  const started = performance.now();
  if (!existsSync(join(dataDir, "pglite", "PG_VERSION"))) {
    throw new MoveRefusedError(`There is no FicForge database in ${dataDir} (DATA_DIR). Nothing was changed.`, 3);
  }
  // Throws DataDirLockedError while the app (or anything else) holds DATA_DIR. Opening runs the source's pending
  // migrations, as the app's next start would, so both sides have the same tables and columns.
  const source = await openDatabase({ kind: "pglite", dataDir });
  try {
    const read = pgliteQuery(source);
    for (const setting of SESSION_SETTINGS) await read(setting);
    const tables = await listTables(read);
    log(`source: ${dataDir}, ${tables.length} tables`);

    const problems = await withPgClient(targetUrl, (target) => targetProblems(target, tables));
    if (problems.length > 0) {
      throw new MoveRefusedError(
        `The target database is not empty: ${problems.join("; ")}. migrate-to-postgres copies into an empty database only. Nothing was changed.`,
        4,
      );
    }
    log("target: empty; running FicForge's migrations");
    const migrated = await openDatabase({ kind: "postgres", url: targetUrl, poolSize: 1 });
    await migrated.close();

    const copied = await withPgClient(targetUrl, (target) => copyAll(read, target, tables, batchBytes, log));
    // NOTE: the planner's statistics of the copied tables, before the app serves from them: without them it plans
    // for empty tables (a catalogue of 200,000 works planned as 1,000 took seconds per Discover page; decision 0071).
    log("gathering statistics (ANALYZE)");
    await withPgClient(targetUrl, (target) => target(`analyze ${tables.map((t) => t.ident).join(", ")}`));
    log("verifying: counts and checksums read back from both sides");
    const report = await withPgClient(targetUrl, (target) => verify(read, target, tables, copied));
    return { ...report, ms: performance.now() - started };
  } finally {
    await source.close();
  }
}

/** Reads a stopped DATA_DIR and a target back and compares them, as the end of a move does; writes nothing. */
export async function verifyCopy(dataDir: string, targetUrl: string): Promise<Omit<MoveReport, "ms">> {
  const source = await openDatabase({ kind: "pglite", dataDir });
  try {
    const read = pgliteQuery(source);
    for (const setting of SESSION_SETTINGS) await read(setting);
    const tables = await listTables(read);
    return await withPgClient(targetUrl, (target) => verify(read, target, tables, new Map()));
  } finally {
    await source.close();
  }
}

async function copyAll(
  source: Query,
  target: Query,
  tables: Table[],
  batchBytes: number,
  log: (line: string) => void,
): Promise<Map<string, number>> {
  const timings = new Map<string, number>();
  await target("begin");
  try {
    // NOTE: a second run started alongside this one waits here, then finds rows and rolls back.
    await target(`lock table ${tables.map((t) => t.ident).join(", ")} in access exclusive mode`);
    const filled = await targetProblems(target, tables);
    if (filled.length > 0)
      throw new MoveRefusedError(`The target database is no longer empty: ${filled.join("; ")}.`, 4);
    const foreignKeys = await target(
      `select c.conname as name, n.nspname as schema, r.relname as table, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
       where c.contype = 'f' and ${USER_SCHEMAS}`,
    );
    for (const fk of foreignKeys) {
      await target(`alter table ${q(String(fk.schema))}.${q(String(fk.table))} drop constraint ${q(String(fk.name))}`);
    }
    const triggered = await target(
      `select distinct n.nspname as schema, r.relname as table from pg_trigger t join pg_class r on r.oid = t.tgrelid
       join pg_namespace n on n.oid = r.relnamespace where not t.tgisinternal and ${USER_SCHEMAS}`,
    );
    for (const t of triggered)
      await target(`alter table ${q(String(t.schema))}.${q(String(t.table))} disable trigger user`);

    for (const table of tables) {
      const began = performance.now();
      const rows = await copyTable(source, target, table, batchBytes);
      const ms = performance.now() - began;
      timings.set(table.ident, ms);
      log(`  ${`${table.schema}.${table.name}`.padEnd(36)} ${String(rows).padStart(9)} rows  ${Math.round(ms)} ms`);
    }

    for (const t of triggered)
      await target(`alter table ${q(String(t.schema))}.${q(String(t.table))} enable trigger user`);
    log(`checking ${foreignKeys.length} foreign keys`);
    for (const fk of foreignKeys) {
      await target(
        `alter table ${q(String(fk.schema))}.${q(String(fk.table))} add constraint ${q(String(fk.name))} ${fk.definition}`,
      );
    }
    await copySequences(source, target);
    await target("commit");
  } catch (error) {
    await target("rollback").catch(() => undefined);
    throw error;
  }
  return timings;
}

async function copyTable(source: Query, target: Query, table: Table, batchBytes: number): Promise<number> {
  const writable = table.columns.filter((c) => !table.generated.includes(c));
  if (writable.length === 0) return 0;
  const list = writable.map(q).join(", ");
  const insert = `insert into ${table.ident} (${list}) select ${list} from json_populate_recordset(null::${table.ident}, $1::json)`;
  if (table.key.length === 0) {
    // No primary key to walk: one piece (FicForge's tables all have one).
    const [row] = await source(
      `select coalesce(json_agg(t), '[]')::text as data, count(*)::int as n from ${table.ident} t`,
    );
    if (Number(row?.n) > 0) await target(insert, [row?.data]);
    return Number(row?.n ?? 0);
  }
  const limit = await rowsPerBatch(source, table, batchBytes);
  const keyList = table.key.map((k) => q(k.column)).join(", ");
  // NOTE: qualified, or ORDER BY would name the text column of the same name.
  const descending = table.key.map((k) => `b.${q(k.column)} desc`).join(", ");
  const lastKeys = table.key.map(
    (k) => `(select b.${q(k.column)}::text from b order by ${descending} limit 1) as ${q(`k_${k.column}`)}`,
  );
  let after: string[] | undefined;
  let total = 0;
  for (;;) {
    const where = after ? `where (${keyList}) > (${table.key.map((k, i) => `$${i + 1}::${k.type}`).join(", ")})` : "";
    const [row] = await source(
      `with b as materialized (select * from ${table.ident} ${where} order by ${keyList} limit ${limit})
       select coalesce((select json_agg(b)::text from b), '[]') as data, (select count(*)::int from b) as n, ${lastKeys.join(", ")}`,
      after,
    );
    const n = Number(row?.n ?? 0);
    if (n === 0) break;
    await target(insert, [row?.data]);
    total += n;
    if (n < limit) break;
    after = table.key.map((k) => String(row?.[`k_${k.column}`]));
  }
  return total;
}

/** Every sequence takes the source's value, and never less than the largest value of a column it feeds. */
async function copySequences(source: Query, target: Query): Promise<void> {
  const sequences = await source(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and ${USER_SCHEMAS}`,
  );
  for (const seq of sequences) {
    const ident = `${q(String(seq.schema))}.${q(String(seq.name))}`;
    const [state] = await source(`select last_value::text as value, is_called from ${ident}`);
    await target(`select setval($1::regclass, $2::bigint, $3)`, [ident, state?.value, state?.is_called]);
  }
  const owned = await target(
    `select s.oid::regclass::text as seq, format('%I.%I', tn.nspname, t.relname) as tbl, quote_ident(a.attname) as col
     from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
     join pg_class t on t.oid = d.refobjid join pg_namespace tn on tn.oid = t.relnamespace
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where d.deptype in ('a', 'i')`,
  );
  for (const o of owned) {
    await target(
      `select setval($1::regclass, m) from (select max(${o.col})::bigint as m from ${o.tbl}) x
       where m is not null and m > (select case when is_called then last_value else last_value - 1 end from ${o.seq})`,
      [o.seq],
    );
  }
}

async function verify(
  source: Query,
  target: Query,
  tables: Table[],
  timings: Map<string, number>,
): Promise<Omit<MoveReport, "ms">> {
  const report: TableReport[] = [];
  for (const table of tables) {
    const [s] = await source(checksumSql(table));
    const [t] = await target(checksumSql(table));
    report.push({
      table: `${table.schema}.${table.name}`,
      rows: Number(s?.rows),
      targetRows: Number(t?.rows),
      sourceChecksum: String(s?.checksum),
      targetChecksum: String(t?.checksum),
      ms: timings.get(table.ident) ?? 0,
    });
  }
  const seqSql = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and ${USER_SCHEMAS} order by 1`;
  const sequences: MoveReport["sequences"] = [];
  for (const seq of await source(seqSql)) {
    const [s] = await source(`select last_value::text as v from ${seq.name}`);
    const [t] = await target(`select last_value::text as v from ${seq.name}`);
    sequences.push({ name: String(seq.name), source: String(s?.v), target: String(t?.v) });
  }
  const ok =
    report.every((r) => r.rows === r.targetRows && r.sourceChecksum === r.targetChecksum) &&
    sequences.every((s) => BigInt(s.target) >= BigInt(s.source));
  return { tables: report, sequences, ok };
}
