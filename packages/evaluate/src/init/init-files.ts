// What `nl2sql init` writes: evals.yaml (the database as the one datasource, one role that
// reads every table, the reference engine and commented stubs for the user's own engine), an
// empty suite, and a README of next steps whose results block `nl2sql eval publish` fills, so
// a saved run can be kept as the baseline later runs are gated against. Pure: initProject()
// introspects and writes.

import { type EvalsFile, NAME_PATTERN, renderProjectYaml } from '@nl2sql/project';
import { RESULTS_END, RESULTS_START } from '@nl2sql/records';
import { formatSuite } from '@nl2sql/suite';

/** The role init's policy names; it reads every table until the user narrows it. */
export const INIT_ROLE = 'analyst';

export interface InitInput {
  /** The datasource id (also the suite's name and file name). */
  readonly datasource: string;
  /** The SQLite file as evals.yaml names it (relative to its folder when inside it). */
  readonly databasePath: string;
  /** Every table of the database, as introspected. */
  readonly tables: readonly string[];
}

export interface InitFile {
  /** Relative to the project folder, with `/`. */
  readonly path: string;
  readonly text: string;
}

/** A datasource id from a database file name: `Shop Data.sqlite` -> `shop_data`. */
export function datasourceIdFor(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '').toLowerCase();
  const id = stem.replace(/[^a-z0-9_.-]+/g, '_').replace(/^[^a-z0-9]+/, '');
  return new RegExp(NAME_PATTERN).test(id) ? id : 'db';
}

// The engines a user adds for their own system; written commented so the file loads as is.
const ENGINE_STUBS = [
  '  # Your system, as a service speaking the engine protocol over HTTP:',
  '  # mine:',
  '  #   kind: http',
  "  #   url: 'http://127.0.0.1:8000'",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text a user writes
  "  #   headers: { Authorization: 'Bearer ${env:MY_ENGINE_TOKEN}' }",
  '  #   ask_timeout_ms: 30000',
  '  # Or as a program speaking it as JSON lines on stdin/stdout (run in this folder):',
  '  # py:',
  '  #   kind: process',
  '  #   command: [python3, my_engine.py]',
  '  # Then set default_engine above to its name (or run `nl2sql eval run --engine mine`):',
  '  # the reference engine answers only from gold plans, which imported cases do not have.',
  '',
].join('\n');

/** A new project of any number of datasources: what `init` and a benchmark import write. */
export interface ProjectFilesInput {
  /** The suite's name; its file is suites/NAME.yaml. */
  readonly suite: string;
  /** Datasource id -> its evals.yaml entry, in the order written. */
  readonly datasources: Readonly<Record<string, EvalsFile['datasources'][string]>>;
  /** Absent: no policy (every role reads every table). */
  readonly policy?: EvalsFile['policy'];
  /** The README's text (next steps), given the suite's path. */
  readonly readme: (suitePath: string) => string;
}

/** The files of a new project, in the order they are written. */
export function projectFiles(input: ProjectFilesInput): InitFile[] {
  const suitePath = `suites/${input.suite}.yaml`;
  // Key order is the file's: engines last, so the commented stubs sit inside it.
  const evals: EvalsFile = {
    version: 1,
    datasources: { ...input.datasources },
    ...(input.policy ? { policy: input.policy } : {}),
    suites: [suitePath],
    default_engine: 'reference',
    engines: { reference: { kind: 'reference' } },
  };
  const evalsText = renderProjectYaml(evals);
  if (!evalsText.endsWith('kind: reference\n'))
    throw new Error('projectFiles: engines is not the last key of the rendered evals.yaml');
  return [
    { path: 'evals.yaml', text: evalsText + ENGINE_STUBS },
    // The suite says the dialect of its SQL, so nobody pastes PostgreSQL's into it.
    {
      path: suitePath,
      text: formatSuite({ name: input.suite, version: 1, sql_dialect: 'sqlite', cases: [] }),
    },
    { path: 'README.md', text: input.readme(suitePath) },
  ];
}

/** The files `init` writes for one SQLite database, in the order they are written. */
export function initFiles(input: InitInput): InitFile[] {
  return projectFiles({
    suite: input.datasource,
    datasources: { [input.datasource]: { engine: 'sqlite', path: input.databasePath } },
    policy: { roles: { [INIT_ROLE]: { tables: [...input.tables] } } },
    readme: (suitePath) => nextSteps(input.datasource, suitePath),
  });
}

function nextSteps(datasource: string, suitePath: string): string {
  return `# ${datasource} evals: next steps

\`nl2sql init\` made this project: \`evals.yaml\` (datasource \`${datasource}\`, a policy whose
one role \`${INIT_ROLE}\` reads every table, the reference engine) and an empty suite,
\`${suitePath}\`. Every key of evals.yaml: docs/evals-yaml.md in nl2sql-evals.

1. Narrow the policy in evals.yaml to what each role of your product may read.
2. Import your questions and their SQL (JSONL, CSV or YAML with \`question\` and \`sql\`;
   optional \`id\`, \`tags\`, \`order_matters\`, \`datasource\`):
   \`nl2sql suite import pairs.csv\`. Each pair becomes a draft case with its gold rows from
   the database; a pair whose SQL fails is listed with its line and left out.
3. Read the drafts and approve the right ones (only approved cases run):
   \`nl2sql suite review\`, then \`nl2sql suite review --approve ID,ID\`.
4. Add your system under \`engines\` (see the commented stubs), make it \`default_engine\`
   (or name it with \`--engine\`) and run it: \`nl2sql eval run --engine mine --save runs/first.json\`.
   The reference engine answers only from gold plans, which imported cases do not have, so a
   plain \`nl2sql eval run\` of this project says an engine must be named until you do.
5. Keep that run as the baseline (\`nl2sql eval publish runs/first.json\` files it under
   benchmarks/ and fills the block below), then gate later runs:
   \`nl2sql eval run --engine mine --baseline benchmarks\` exits 1 on a regression.
6. When the data changes, rewrite the gold rows: \`nl2sql suite regenerate\`.

## Results

${RESULTS_START}
${RESULTS_END}
`;
}
