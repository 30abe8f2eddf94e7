import type { Command } from '../command.js';
import { postgresUrlFlag } from '../url-flag.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteCrossCheck: Command = {
  path: ['suite', 'cross-check'],
  summary:
    "Run a suite's gold SQL on SQLite and on PostgreSQL, MySQL or DuckDB and explain where the rows differ",
  description: [
    "Runs every approved case's gold SQL on the SQLite database and on each engine asked for",
    "(--engine, or a --postgres/--mysql/--duckdb flag; PostgreSQL alone by default): the case's",
    'sql_by_engine.<engine>, else its sql transpiled by the SQL parser with the names quoted as',
    "the engine's database spells them, and compares the rows with SQLite's. Each difference is",
    'named by inspecting the two results: null ordering, collation, float formatting (within',
    '0.005, which scoring tolerates), integer division, value types, or different rows; each',
    'case is classed over all engines: same rows, differ only in order, differ, fails on one.',
    "A case whose rows differ on an engine must record that engine's rows in",
    'rows_by_engine.<engine> (or give its own SQL); cross-check fails until it does, or when the',
    'recorded rows are not what the engine returns.',
    '',
    "With --snapshots it checks evals.yaml's snapshots instead: every approved case's gold on",
    'each snapshot of its datasource (datasources.ID.snapshots), classified as differing from',
    'the pinned rows, the same, empty (an empty answer matches it) or failing there, and the',
    'rows the case records for it (rows_by_snapshot) against what the gold returns now.',
  ].join('\n'),
  arguments: [
    { name: 'PATH', required: false, description: 'the suite file (default: the Chinook suite)' },
  ],
  options: [
    {
      name: 'db',
      value: 'PATH',
      description: 'the SQLite database (default for the Chinook suite: the verified Chinook file)',
    },
    {
      name: 'postgres',
      value: 'URL',
      parse: postgresUrlFlag,
      description:
        'the PostgreSQL database (default for the Chinook suite: an embedded server with Chinook loaded, stopped at the end)',
    },
    {
      name: 'engine',
      value: 'E',
      repeatable: true,
      choices: ['postgres', 'mysql', 'duckdb', 'all'],
      description:
        'an engine to compare with SQLite (repeat; all: the three); default postgres, or those a URL or path flag names',
    },
    {
      name: 'mysql',
      value: 'URL',
      description:
        'the MySQL/MariaDB database, mysql://user:password@host:port/db (default for the Chinook suite: a private MariaDB with Chinook loaded, stopped at the end)',
    },
    {
      name: 'duckdb',
      value: 'PATH',
      description:
        'the DuckDB file (default for the Chinook suite: a copy of the Chinook SQLite file, removed at the end)',
    },
    {
      name: 'snapshots',
      description:
        "check the golds on evals.yaml's snapshots of each datasource instead of another engine (rows_by_snapshot current, each snapshot classified); not with --db, --engine or an engine's flag",
    },
    configOption,
    maxSuiteMbOption,
    { name: 'json', description: 'print the report as JSON' },
  ],
  exitCodes: {
    0: 'every case returns the same rows on every engine, or differs only as the case records (--snapshots: every snapshot rows_by_snapshot records is current)',
    1: 'a case differs without rows_by_engine.<engine>, its recorded rows are wrong, or a gold fails (--snapshots: rows_by_snapshot missing or stale, or a gold fails on a snapshot)',
    2: 'usage',
    3: 'suite or database unreadable; a server unreachable, its password refused, or no embedded or private server',
  },
  load: () => import('../actions/suite-cross-check.js').then((m) => m.runSuiteCrossCheck),
};
