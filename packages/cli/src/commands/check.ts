import { DEFAULT_MAX_LIMIT } from '@nl2sql/sqlcheck';
import type { Command } from '../command.js';

export const check: Command = {
  path: ['check'],
  summary: 'Check one SQL query: syntax (L1), schema (L2) and safety (L3)',
  usage: '"SQL" [--dialect sqlite|postgres] [--schema FILE | --db PATH] [--max-limit N] [--json]',
  positionals: [1, 1],
  options: {
    dialect: { type: 'string' },
    schema: { type: 'string' },
    db: { type: 'string' },
    'max-limit': { type: 'string' },
    table: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  help: [
    'Runs the static checks a generated query must pass before it may reach a database.',
    'L2 needs a schema: from --schema (JSON: {"tables":[{"name","columns":[{"name"}]}]})',
    'or introspected from a SQLite file with --db; without either, L2 is skipped.',
    '',
    'Options:',
    '  --dialect D      sqlite (default) or postgres',
    '  --schema FILE    schema JSON for L2',
    '  --db PATH        SQLite database whose schema L2 uses',
    `  --max-limit N    the largest LIMIT L3 accepts (default ${DEFAULT_MAX_LIMIT})`,
    '  --table NAME     a table the role may read (repeat); default every table',
    '  --json           print the report as JSON',
    '',
    'Exit codes: 0 every check passed; 1 a check failed; 2 usage; 3 schema or database unreadable.',
  ].join('\n'),
  load: () => import('../actions/check.js').then((m) => m.runCheck),
};
