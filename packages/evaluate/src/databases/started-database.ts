import type { ExitCode } from '../exit-codes.js';

/** A server `startDatabase()` started with Chinook loaded: its URLs, and how to stop it. */
export interface StartedServer {
  exitCode: ExitCode;
  engine: 'postgres' | 'mysql';
  /** The owner's URL (with its password). */
  url: string;
  /** Policy role -> its own read-only login's URL. */
  roles: Record<string, string>;
  port: number;
  /** The server's temporary folder, removed by stop(). */
  dataDir: string;
  /** What is up where, in one line (`PostgreSQL with Chinook on 127.0.0.1:PORT (...)`). */
  description: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** A DuckDB copy of Chinook, written and checked table by table (nothing to stop). */
export interface WrittenDuckdb {
  exitCode: ExitCode;
  engine: 'duckdb';
  file: string;
  tables: { name: string; rows: number; sha256: string }[];
  /** Schema fingerprints: equal when the copy has the SQLite file's tables, keys and columns. */
  fingerprint: { copy: string; source: string };
  stop(): Promise<void>;
}

export type StartedDatabase = StartedServer | WrittenDuckdb;
