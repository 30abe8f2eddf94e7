import type { Command } from '../command.js';
import { postgresUrlFlag } from '../url-flag.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteCrossCheck: Command = {
  path: ['suite', 'cross-check'],
  summary: "Run a suite's gold SQL on SQLite and PostgreSQL and explain where the rows differ",
  description: [
    "Runs every approved case's gold SQL on the SQLite database and on PostgreSQL (the case's",
    'sql_by_engine.postgres, else its sql transpiled by the SQL parser with the names quoted',
    'as the PostgreSQL database spells them) and compares the rows. Each difference is named',
    'by inspecting the two results: null ordering, collation, float formatting (within 0.005,',
    'which scoring tolerates), integer division, value types, or different rows. A case whose',
    "rows differ must record PostgreSQL's rows in rows_by_engine.postgres (or give its own",
    'SQL); cross-check fails until it does, or when the recorded rows are not what PostgreSQL',
    'returns.',
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
      name: 'snapshots',
      description:
        "check the golds on evals.yaml's snapshots of each datasource instead of PostgreSQL (rows_by_snapshot current, each snapshot classified); not with --db or --postgres",
    },
    configOption,
    maxSuiteMbOption,
    { name: 'json', description: 'print the report as JSON' },
  ],
  exitCodes: {
    0: 'every case returns the same rows on both engines, or differs only as the case records (--snapshots: every snapshot rows_by_snapshot records is current)',
    1: 'a case differs without rows_by_engine.postgres, its recorded rows are wrong, or a gold fails (--snapshots: rows_by_snapshot missing or stale, or a gold fails on a snapshot)',
    2: 'usage',
    3: 'suite or database unreadable; PostgreSQL unreachable, its password refused, or no embedded server',
  },
  load: () => import('../actions/suite-cross-check.js').then((m) => m.runSuiteCrossCheck),
};
