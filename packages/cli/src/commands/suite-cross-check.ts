import type { Command } from '../command.js';
import { postgresUrlFlag } from '../url-flag.js';
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
    maxSuiteMbOption,
    { name: 'json', description: 'print the report as JSON' },
  ],
  exitCodes: {
    0: 'every case returns the same rows on every engine, or differs only as the case records',
    1: 'a case differs without rows_by_engine.<engine>, its recorded rows are wrong, or a gold fails',
    2: 'usage',
    3: 'suite or database unreadable; a server unreachable, its password refused, or no embedded or private server',
  },
  load: () => import('../actions/suite-cross-check.js').then((m) => m.runSuiteCrossCheck),
};
