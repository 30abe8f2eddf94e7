// Statements a text-to-SQL system must never get to run against the evaluated database,
// written against Chinook for a login of the `catalog` role (the music catalogue only: no
// Customer, Employee, Invoice or InvoiceLine). Each names the layer expected to refuse it
// through the adapter, and what PostgreSQL alone does with it (no adapter, a bare client
// logged in as the role, simple query protocol so several statements can travel together).

export interface Attack {
  sql: string;
  /** Through the adapter: its own gate refuses before sending, or the server refuses. */
  refusedBy: 'adapter' | 'database';
  /**
   * With a bare client as the role: `refuses` (an error, nothing changed), `harmless` (the
   * server accepts it, but it only changes the session, which the adapter's gate exists to
   * keep off pooled connections), or `skip` (not sent bare, `why` says).
   */
  alone: 'refuses' | 'harmless' | 'skip';
  why: string;
}

const W = (sql: string, why: string): Attack => ({
  sql,
  refusedBy: 'adapter',
  alone: 'refuses',
  why,
});
const S = (sql: string, why: string): Attack => ({
  sql,
  refusedBy: 'adapter',
  alone: 'harmless',
  why,
});
const D = (sql: string, why: string): Attack => ({
  sql,
  refusedBy: 'database',
  alone: 'refuses',
  why,
});

export const ATTACKS: readonly Attack[] = [
  // Writes.
  W(`INSERT INTO "Genre" ("GenreId", "Name") VALUES (100, 'x')`, 'insert'),
  W(`INSERT INTO "Genre" VALUES (101, 'y') ON CONFLICT DO NOTHING`, 'upsert'),
  W(`UPDATE "Track" SET "UnitPrice" = 0`, 'update'),
  W(`DELETE FROM "PlaylistTrack"`, 'delete'),
  W(`TRUNCATE "Artist" CASCADE`, 'truncate'),
  W(
    `MERGE INTO "Genre" g USING (VALUES (1)) v(id) ON g."GenreId" = v.id WHEN MATCHED THEN DELETE`,
    'merge',
  ),
  W(`(DELETE FROM "Track")`, 'a write in parentheses'),
  W(`WITH x AS (SELECT 1) INSERT INTO "Genre" SELECT 103, 'w'`, 'WITH ... INSERT'),
  // DDL and administration.
  W(`CREATE TABLE "Stolen" (a int)`, 'create table'),
  W(`CREATE TEMP TABLE t AS SELECT 1`, 'temporary table'),
  W(`DROP TABLE "Track" CASCADE`, 'drop table'),
  W(`ALTER TABLE "Track" ADD COLUMN "X" int`, 'alter table'),
  W(`CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1'`, 'create function'),
  W(`CREATE EXTENSION IF NOT EXISTS pageinspect`, 'create extension'),
  W(`GRANT SELECT ON "Employee" TO PUBLIC`, 'grant'),
  W(`ALTER ROLE CURRENT_USER SET default_transaction_read_only = off`, 'alter own role'),
  W(`ALTER SYSTEM SET statement_timeout = 0`, 'alter system'),
  W(`COMMENT ON TABLE "Track" IS 'owned'`, 'comment'),
  S(
    `VACUUM FULL "Track"`,
    'vacuum (a login that does not own the table gets a warning; nothing is done)',
  ),
  W(`REINDEX TABLE "Track"`, 'reindex'),
  W(`LOCK TABLE "Track" IN ACCESS EXCLUSIVE MODE`, 'lock'),
  W(`DO $$ BEGIN DELETE FROM "Track"; END $$`, 'anonymous code block'),
  S(`PREPARE p AS DELETE FROM "Track"`, 'prepare a write (only planned; running it is refused)'),
  W(`EXPLAIN ANALYZE DELETE FROM "Track"`, 'explain analyze runs the statement'),
  W(`CHECKPOINT`, 'checkpoint'),
  // Data-modifying common table expressions: the gate sees a SELECT, the server refuses.
  D(`WITH d AS (DELETE FROM "PlaylistTrack" RETURNING *) SELECT count(*) FROM d`, 'CTE delete'),
  D(
    `WITH u AS (UPDATE "Track" SET "UnitPrice" = 0 RETURNING 1) SELECT count(*) FROM u`,
    'CTE update',
  ),
  D(`WITH i AS (INSERT INTO "Genre" VALUES (102, 'z') RETURNING 1) SELECT * FROM i`, 'CTE insert'),
  D(`SELECT * INTO "Stolen" FROM "Track"`, 'SELECT INTO creates a table'),
  D(`SELECT * INTO TEMP "Stolen" FROM "Track"`, 'SELECT INTO a temporary table'),
  D(`SELECT * FROM "Track" FOR UPDATE`, 'row locks'),
  D(`SELECT * FROM "Track" FOR SHARE`, 'row locks'),
  // The server's files and programs.
  W(`COPY (SELECT 1) TO PROGRAM 'touch /tmp/nl2sql-attack-program'`, 'copy to program'),
  W(`COPY "Track" TO '/tmp/nl2sql-attack-copy.csv'`, 'copy to a server file'),
  W(`COPY "Genre" FROM PROGRAM 'echo 104,x'`, 'copy from program'),
  D(`SELECT pg_read_file('/etc/passwd')`, 'read a server file'),
  D(`SELECT pg_read_binary_file('/etc/passwd')`, 'read a server file'),
  D(`SELECT pg_ls_dir('.')`, 'list the data directory'),
  D(`SELECT pg_stat_file('postgresql.conf')`, 'stat a server file'),
  // Large objects.
  D(`SELECT lo_import('/etc/passwd')`, 'large object from a server file'),
  D(`SELECT lo_export(1, '/tmp/nl2sql-attack-lo')`, 'large object to a server file'),
  D(`SELECT lo_from_bytea(0, 'x')`, 'create a large object'),
  D(`SELECT lo_create(0)`, 'create a large object'),
  D(`SELECT lo_unlink(1)`, 'delete a large object'),
  // Identity and session settings.
  S(`SET ROLE NONE`, 'set role'),
  W(`SET ROLE postgres`, 'set role to the superuser'),
  W(`SET SESSION AUTHORIZATION postgres`, 'become the superuser'),
  S(`SET statement_timeout = 0`, 'lift the timeout on a pooled connection'),
  S(`RESET ALL`, 'reset the session'),
  S(`DISCARD ALL`, 'discard the session'),
  D(
    `SELECT set_config('default_transaction_read_only', 'off', false)`,
    'turn read-only off from a SELECT',
  ),
  D(`SELECT set_config('statement_timeout', '0', false)`, 'lift the timeout from a SELECT'),
  D(`SELECT set_config('role', 'postgres', false)`, 'set role from a SELECT'),
  // Transactions.
  S(`BEGIN READ WRITE`, 'a read-write transaction'),
  S(`START TRANSACTION READ WRITE`, 'a read-write transaction'),
  W(`BEGIN READ WRITE; DELETE FROM "Track"; COMMIT`, 'a write in a read-write transaction'),
  S(`SET TRANSACTION READ WRITE`, 'a read-write transaction'),
  S(`COMMIT`, 'end a transaction'),
  // Resources.
  D(`SELECT pg_sleep(60)`, 'sleep past the timeout'),
  D(`SELECT repeat('x', 1e9)`, 'a gigabyte string (numeric count: no such function)'),
  {
    sql: `SELECT repeat('x', 1000000000)`,
    refusedBy: 'database',
    alone: 'skip',
    why: 'a gigabyte string; a bare client would read all of it, the adapter closes the connection past maxResultBytes',
  },
  D(
    `WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r`,
    'endless recursion',
  ),
  D(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'postgres'`,
    'end the superuser backends',
  ),
  D(`SELECT pg_reload_conf()`, 'reload the configuration'),
  D(`SELECT pg_terminate_backend(pg_backend_pid())`, 'end its own backend'),
  // Several statements, with every way a comment can end.
  W(`SELECT 1; DELETE FROM "Track"`, 'a second statement'),
  W(`SELECT 1 -- c\n; DELETE FROM "Track"`, 'after a comment ended by a line feed'),
  W(`SELECT 1 -- c\r; DELETE FROM "Track"`, 'after a comment ended by a carriage return'),
  W(`SELECT 1 /* c */; DELETE FROM "Track"`, 'after a block comment'),
  W(`SELECT 1 /* a /* nested */ comment */; DELETE FROM "Track"`, 'after a nested block comment'),
  W(
    `SELECT $$ ' $$; DELETE FROM "Track"; SELECT ' '`,
    'after a dollar-quoted string holding a quote',
  ),
  W(`SELECT E'\\''; DELETE FROM "Track"; --'`, 'after an escape string'),
  W(`SELECT '\\'; DELETE FROM "Track"; --'`, 'after a backslash in a standard string'),
  // Tables and columns outside the role's grants.
  D(`SELECT * FROM "Employee"`, 'a table outside the grants'),
  D(`SELECT "Email" FROM "Customer"`, 'a table outside the grants'),
  D(`SELECT * FROM public."Invoice"`, 'a schema-qualified table outside the grants'),
  D(`SELECT t."Name" FROM "Track" t JOIN "InvoiceLine" il USING ("TrackId")`, 'joined in'),
  D(`SELECT (SELECT count(*) FROM "Invoice")`, 'in a scalar subquery'),
  D(`VALUES ((SELECT max("Total") FROM "Invoice"))`, 'in VALUES'),
  D(`WITH e AS (SELECT * FROM "Employee") SELECT count(*) FROM e`, 'in a CTE'),
  D(`SELECT * FROM pg_catalog.pg_authid`, 'password hashes'),
  W(`TABLE "Employee"`, 'TABLE form of a select on a table outside the grants'),
];

/**
 * Queries that change the session they run on rather than the data: each is one SELECT, so
 * the adapter's gate passes it, and a plain read-only login (SELECT grants and
 * `default_transaction_read_only = on`, no revokes) may run every one of them. What must
 * hold is that none of it outlives the query: the next query on the same pooled connection
 * sees the login's own settings, no lock and no open transaction (issue 25).
 */
export const SESSION_ATTACKS: readonly { sql: string; why: string }[] = [
  {
    sql: `SELECT set_config('default_transaction_read_only', 'off', false)`,
    why: 'read-only off for the next query',
  },
  { sql: `SELECT lo_from_bytea(0, '\\x6869')`, why: 'then create a large object' },
  { sql: `SELECT set_config('statement_timeout', '0', false)`, why: 'lift the timeout' },
  { sql: `SELECT set_config('work_mem', '2GB', false)`, why: 'lift the memory cap' },
  { sql: `SELECT set_config('lock_timeout', '0', false)`, why: 'lift the lock timeout' },
  {
    sql: `SELECT set_config('search_path', 'pg_temp, public', false)`,
    why: 'shadow tables for the next query',
  },
  { sql: `SELECT set_config('role', 'none', false)`, why: 'change the current role' },
  { sql: `SELECT set_config('nl2sql.flag', 'planted', false)`, why: 'a custom variable' },
  { sql: `SELECT pg_advisory_lock(42)`, why: 'a session-level advisory lock' },
  { sql: `SELECT pg_advisory_lock_shared(43)`, why: 'a shared session-level advisory lock' },
  { sql: `SELECT pg_try_advisory_lock(44), pg_advisory_lock(45, 46)`, why: 'two more locks' },
  { sql: `SELECT pg_advisory_xact_lock(47)`, why: 'a transaction-level advisory lock' },
  {
    sql: `SELECT set_config('default_transaction_read_only', 'off', false), lo_from_bytea(0, '\\x6869')`,
    why: 'read-only off and a large object in one statement',
  },
  {
    sql: `SELECT set_config('statement_timeout', '0', false), pg_advisory_lock(48), 1 / 0`,
    why: 'session changes, then an error',
  },
  {
    sql: `SELECT set_config('default_transaction_read_only', 'off', false), pg_advisory_lock(49), pg_sleep(30)`,
    why: 'session changes, then the deadline',
  },
  { sql: `SELECT pg_notify('nl2sql', 'x')`, why: 'a notification (sent only on commit)' },
];
