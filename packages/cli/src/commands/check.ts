import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';

/**
 * @nl2sql/sqlcheck's DEFAULT_MAX_LIMIT, written out so `--help` does not load the SQL
 * checker; a test keeps the two equal.
 */
export const DEFAULT_MAX_LIMIT_HELP = 1000;
/** @nl2sql/sqlcheck's DEFAULT_MAX_SQL_BYTES, written out for the same reason. */
export const DEFAULT_MAX_SQL_BYTES_HELP = 65536;

export const check: Command = {
  path: ['check'],
  summary: 'Check one SQL query: syntax (L1), schema (L2) and safety (L3)',
  description: [
    'Runs the static checks a generated query must pass before it may reach a database.',
    'L2 needs a schema: from --schema (JSON: {"tables":[{"name","columns":[{"name"}]}]})',
    'or introspected from a SQLite file with --db; without either, L2 is skipped.',
    "L3's policy is the project's `checks:` (--config FILE, else ./evals.yaml when there is",
    'one); each flag below replaces its key.',
  ].join('\n'),
  arguments: [{ name: 'SQL', required: true, description: 'the query, quoted' }],
  options: [
    {
      name: 'dialect',
      value: 'D',
      choices: ['sqlite', 'postgres', 'mysql', 'duckdb'],
      description: 'the SQL dialect (default sqlite)',
    },
    { name: 'schema', value: 'FILE', description: 'schema JSON for L2 (not with --db)' },
    { name: 'db', value: 'PATH', description: 'SQLite database whose schema L2 uses' },
    {
      name: 'max-limit',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: `the largest LIMIT L3 accepts (default ${DEFAULT_MAX_LIMIT_HELP})`,
    },
    {
      name: 'require-limit',
      value: 'BOOL',
      choices: ['true', 'false'],
      description:
        "false: no LIMIT needed, the database's row cap bounds the rows (default true; an aggregate that returns one row needs none either way)",
    },
    {
      name: 'function',
      value: 'NAME',
      repeatable: true,
      description: 'a function vetted beyond the built-in list (repeat); denied ones stay denied',
    },
    {
      name: 'max-sql-bytes',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: `the longest SQL that is parsed at all (default ${DEFAULT_MAX_SQL_BYTES_HELP}); longer fails L1 and L3 unread`,
    },
    {
      name: 'config',
      value: 'FILE',
      description: 'evals.yaml whose checks: apply (default ./evals.yaml)',
    },
    {
      name: 'table',
      value: 'NAME',
      repeatable: true,
      description: 'a table the role may read (repeat); default every table',
    },
    { name: 'json', description: 'print the report as JSON' },
  ],
  exitCodes: {
    0: 'every check passed',
    1: 'a check failed',
    2: 'usage: unknown flag, malformed value, --schema with --db',
    3: 'schema file, database or evals.yaml unreadable (missing, a directory, not SQLite, invalid)',
  },
  load: () => import('../actions/check.js').then((m) => m.runCheck),
};
