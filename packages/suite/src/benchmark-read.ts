// What reading a public benchmark's files gives `nl2sql suite import`: the pairs (each with
// its datasource, the benchmark's db_id), the records left out, and the databases the pairs
// ask about, where the benchmark's layout puts them (DIR/<db_id>/<db_id>.sqlite).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LocatedPair, PairProblem } from './read-pairs.js';

/** A benchmark database: its db_id (the datasource id) and its SQLite file. */
export interface BenchmarkDatabase {
  readonly id: string;
  readonly path: string;
  /** The tables the benchmark says it has (Spider's tables.json), when it says. */
  readonly tables?: readonly string[];
}

export interface BenchmarkRead {
  readonly pairs: LocatedPair[];
  readonly problems: PairProblem[];
  /** Each database a read pair asks about, in the order first asked. */
  readonly databases: BenchmarkDatabase[];
}

/** A db_id usable as a datasource id (evals.yaml's names: they become file names). */
export const DB_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The SQLite file of a db_id in the benchmarks' layout: DIR/<db_id>/<db_id>.sqlite. */
export function benchmarkDatabasePath(dbDir: string, dbId: string): string {
  return join(dbDir, dbId, `${dbId}.sqlite`);
}

/** Why a db_id cannot be a datasource here, or undefined when it can. */
export function databaseProblem(dbDir: string, dbId: string): string | undefined {
  if (!DB_ID_PATTERN.test(dbId))
    return `db_id ${JSON.stringify(dbId)} cannot be a datasource id (letters, digits, _, . and -)`;
  const path = benchmarkDatabasePath(dbDir, dbId);
  if (!existsSync(path)) return `db_id ${dbId}: no database at ${path}`;
  return undefined;
}

/**
 * The databases a benchmark file's records name, each looked at once: found (in the order
 * first asked), or refused with the reason every later record naming it is told too.
 */
export class BenchmarkDatabases {
  readonly #found = new Map<string, BenchmarkDatabase>();
  readonly #refused = new Map<string, string>();

  constructor(readonly dbDir: string) {}

  /**
   * Why `dbId` cannot be used, or undefined: `before` (a benchmark's own check, such as
   * Spider's tables.json) first, then the layout's file; `tables` are kept with a database found.
   */
  problem(
    dbId: string,
    before: () => string | undefined = () => undefined,
    tables?: readonly string[],
  ): string | undefined {
    if (!this.#found.has(dbId) && !this.#refused.has(dbId)) {
      const problem = before() ?? databaseProblem(this.dbDir, dbId);
      if (problem !== undefined) this.#refused.set(dbId, problem);
      else
        this.#found.set(dbId, {
          id: dbId,
          path: benchmarkDatabasePath(this.dbDir, dbId),
          ...(tables ? { tables } : {}),
        });
    }
    return this.#refused.get(dbId);
  }

  /** The databases found, in the order first asked. */
  list(): BenchmarkDatabase[] {
    return [...this.#found.values()];
  }
}
