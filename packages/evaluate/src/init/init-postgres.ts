// `nl2sql init --db postgres://...`: a project over a PostgreSQL database. The URL is read
// once, to list the tables, and never written or echoed: evals.yaml names it as
// ${env:ID_URL}, and each policy role's own login as ${env:ID_ROLE_URL} (a PostgreSQL
// datasource asks as each role's login, never the owner's: docs/evals-yaml.md). The roles
// are --roles, or the one default role; each reads every table until the user narrows it.
// Why: decisions/init-postgres.md.

import { NAME_PATTERN } from '@nl2sql/project';
import { RESULTS_END, RESULTS_START } from '@nl2sql/records';
import { usageError } from '../evaluate-error.js';
import { INIT_ROLE, type InitFile, projectFiles } from './init-files.js';

/** Is `db` a PostgreSQL URL rather than a SQLite file? */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** The URL as it may be shown: no password. */
export function shownUrl(url: URL): string {
  const out = new URL(url.toString());
  out.password = '';
  return out.toString();
}

/** The parsed URL; a text that does not parse is a usage error that does not repeat it. */
export function parsePostgresUrl(db: string): URL {
  try {
    return new URL(db);
  } catch {
    throw usageError('--db: not a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE)');
  }
}

/** The datasource id from the URL's database name: `/Shop-Data` -> `shop-data`. */
export function datasourceIdFromUrl(url: URL): string {
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')).toLowerCase() || 'postgres';
  const id = name.replace(/[^a-z0-9_.-]+/g, '_').replace(/^[^a-z0-9]+/, '');
  return new RegExp(NAME_PATTERN).test(id) ? id : 'db';
}

/** The roles of --roles (a comma list), or the default one; a bad name is a usage error. */
export function initRoles(value: unknown): string[] {
  if (value === undefined) return [INIT_ROLE];
  const roles = String(value)
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  const bad = roles.filter((r) => !new RegExp(NAME_PATTERN).test(r));
  if (roles.length === 0 || bad.length > 0)
    throw usageError(
      `--roles: role names of letters, digits, _, . and - (starting with a letter or digit)${bad.length > 0 ? `; not ${bad.map((r) => JSON.stringify(r)).join(', ')}` : ''}`,
    );
  return [...new Set(roles)];
}

/** The environment variable evals.yaml reads a login URL from. */
export function urlVariable(datasource: string, role?: string): string {
  const upper = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  const name = `${upper(datasource)}${role === undefined ? '' : `_${upper(role)}`}_URL`;
  return /^[0-9]/.test(name) ? `DB_${name}` : name;
}

export interface PostgresInitInput {
  readonly datasource: string;
  readonly roles: readonly string[];
  readonly tables: readonly string[];
  /** The server as it may be shown (no password), for the README. */
  readonly server: string;
}

const ref = (name: string) => `\${env:${name}}`;

/** The files of a PostgreSQL project. */
export function postgresInitFiles(input: PostgresInitInput): InitFile[] {
  return projectFiles({
    suite: input.datasource,
    datasources: {
      [input.datasource]: {
        engine: 'postgres',
        url: ref(urlVariable(input.datasource)),
        roles: Object.fromEntries(
          input.roles.map((r) => [r, ref(urlVariable(input.datasource, r))]),
        ),
      },
    },
    policy: {
      roles: Object.fromEntries(input.roles.map((r) => [r, { tables: [...input.tables] }])),
    },
    readme: (suitePath) => postgresReadme(input, suitePath),
  });
}

/** What init says after writing: the variables to set, never their values. */
export function postgresInitNote(input: PostgresInitInput): string[] {
  return [
    `datasource ${input.datasource} (postgres, ${input.server}): ${input.tables.length} table(s), readable by role(s) ${input.roles.join(', ')}`,
    `evals.yaml reads the logins from the environment: ${urlVariable(input.datasource)} (the owner's URL you gave) and ${input.roles.map((r) => urlVariable(input.datasource, r)).join(', ')} (each role's own login; nl2sql db grants --policy evals.yaml prints the SQL that makes them)`,
    'every key of evals.yaml: docs/evals-yaml.md; next: nl2sql suite import PAIRS_FILE (see README.md)',
  ];
}

function postgresReadme(input: PostgresInitInput, suitePath: string): string {
  const owner = urlVariable(input.datasource);
  const logins = input.roles.map(
    (r) => `   export ${urlVariable(input.datasource, r)}='postgres://...'`,
  );
  return `# ${input.datasource} evals: next steps

\`nl2sql init\` made this project: \`evals.yaml\` (the PostgreSQL database at
${input.server} as datasource \`${input.datasource}\`, a policy whose role(s)
${input.roles.map((r) => `\`${r}\``).join(', ')} read every table, the reference engine) and an
empty suite, \`${suitePath}\`. Every key of evals.yaml: docs/evals-yaml.md in nl2sql-evals.

1. Set the logins evals.yaml reads (never write a password into it):
   export ${owner}='postgres://OWNER:PASSWORD@HOST:PORT/DATABASE'
2. Narrow the policy in evals.yaml to what each role of your product may read, then make each
   role's own login: \`nl2sql db grants --policy evals.yaml\` prints the SQL (\`--apply URL\`
   runs it); set their URLs:
${logins.join('\n')}
3. Import your questions and their SQL (JSONL, CSV or YAML with \`question\` and \`sql\`):
   \`nl2sql suite import pairs.csv\`, then review and approve: \`nl2sql suite review\`,
   \`nl2sql suite review --approve ID,ID\` (or \`--approve all\`).
4. Add your system under \`engines\` and run it: \`nl2sql eval run --engine mine\`.

## Results

${RESULTS_START}
${RESULTS_END}
`;
}
