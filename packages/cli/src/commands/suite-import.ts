import type { Command } from '../command.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteImport: Command = {
  path: ['suite', 'import'],
  summary: 'Turn question/SQL pairs into draft cases of a suite',
  description: [
    'Reads pairs from FILE (.jsonl, .csv or .yaml: question, sql; optional alt_sql, id, tags,',
    'order_matters, datasource; or a defog sql-eval questions CSV, whose `query` holds golds',
    'separated by ; with {a, b} column choices, expanded into alternatives) and appends one',
    'draft case per pair to the suite: alternatives with their rows and, where one reads other',
    'tables than the gold (a view, a lookup table), what it reads (alt_reads); tables and',
    "columns from what the SQL reads, an outcome per role from the project's policy, gold rows",
    'from running the SQL on its datasource (with its tie groups when order_matters), the file',
    'and line it came from, approved: false.',
    'A pair whose SQL (or an alternative) fails, or whose id the suite already has, is listed',
    'with its line and left out. Cases already in the suite are never changed. Review the drafts with',
    '`nl2sql suite review`; only approved cases run.',
    '--format spider|bird reads a public benchmark (one datasource per db_id, found as',
    'DIR/<db_id>/<db_id>.sqlite; without evals.yaml, one is written for them); --format dataset',
    'reads the dataset records of spec 001 §12 (JSONL or YAML).',
  ].join('\n'),
  arguments: [{ name: 'FILE', required: true, description: 'the pairs file' }],
  options: [
    configOption,
    {
      name: 'suite',
      value: 'PATH',
      description:
        "the suite to append to: a path, or the name of one of evals.yaml's suites (default: its only suite; several: choose one)",
    },
    maxSuiteMbOption,
    {
      name: 'format',
      value: 'FORMAT',
      choices: ['pairs', 'spider', 'bird', 'dataset', 'defog'],
      description:
        "pairs (default: JSONL, CSV or YAML pairs), spider (dev.json), bird (dev.json, its evidence kept, its difficulty a tag), dataset (spec 001 §12 records), defog (sql-eval's questions CSV: ;-separated golds and {a,b} choices as alternatives, instructions kept, query_category a tag)",
    },
    {
      name: 'tables',
      value: 'FILE',
      description: "spider: the benchmark's tables.json (each database's tables are checked)",
    },
    {
      name: 'db-dir',
      value: 'DIR',
      description: 'spider, bird: the folder of <db_id>/<db_id>.sqlite (database/, dev_databases/)',
    },
    {
      name: 'role',
      value: 'NAME',
      description:
        'a project without a policy: the one role every imported case is allowed for (default analyst)',
    },
  ],
  exitCodes: {
    0: 'every pair became a draft case',
    1: 'some pairs were left out (each listed with its line); the others were added',
    2: 'usage',
    3: 'pairs file, suite or project unreadable, no policy (pairs), a db_id evals.yaml lacks, or a packaged suite; nothing written',
  },
  load: () => import('../actions/suite-import.js').then((m) => m.runSuiteImport),
};
