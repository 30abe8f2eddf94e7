// The review queue of a suite (issue 16): SQL a calibrated LLM judge found equivalent to a
// case's gold although the rows differ on the evaluation database. Each is a proposed
// `alt_sql`, never an answer: the case keeps failing until a person approves the proposal
// into the suite (which regenerates its rows). Written beside the suite as
// `<suite>.proposals.yaml`; runs add to it, never remove or reorder what a person reviews.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { defineFormat, fieldName, parseWithPositions, type Static, Type } from '@nl2sql/format';
import { stringify } from 'yaml';
import { SuiteFormatError } from './suite-format-error.js';

const Text = Type.String({ minLength: 1 });

const AltSqlProposalSchema = Type.Object(
  {
    case_id: Type.String({ minLength: 1, description: 'The case the SQL answers.' }),
    alt_sql: Type.String({ minLength: 1, description: 'The proposed alternative gold SQL.' }),
    reason: Type.String({ description: "The judge's reason in words." }),
    judge: Text,
    proposed_at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' }),
    roles: Type.Array(Text, { description: 'The roles whose case runs proposed it.' }),
  },
  { additionalProperties: false },
);

const AltSqlProposalsSchema = Type.Object(
  {
    suite: Text,
    proposals: Type.Array(AltSqlProposalSchema),
  },
  { additionalProperties: false },
);

export interface AltSqlProposal extends Static<typeof AltSqlProposalSchema> {}
export interface AltSqlProposals extends Static<typeof AltSqlProposalsSchema> {}

export const ALT_SQL_PROPOSALS_FORMAT = defineFormat(AltSqlProposalsSchema, {
  id: 'https://nl2sql-evals.dev/schemas/alt-sql-proposals.json',
  title: 'nl2sql alt_sql proposals (a suite review queue)',
});

/** Where a suite's review queue lives: `chinook.yaml` -> `chinook.proposals.yaml` beside it. */
export function proposalsPath(suitePath: string): string {
  return join(dirname(suitePath), `${basename(suitePath, extname(suitePath))}.proposals.yaml`);
}

/** The review queue at `file`, or an empty one for `suite` when there is none yet. */
export async function readAltSqlProposals(file: string, suite: string): Promise<AltSqlProposals> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { suite, proposals: [] };
    throw new SuiteFormatError('SUITE_READ', (error as Error).message, { file });
  }
  const { value, positions } = parseWithPositions(text);
  const [issue] = ALT_SQL_PROPOSALS_FORMAT.issues(value);
  if (issue !== undefined) {
    const line = positions.locate(issue.path)?.line;
    throw new SuiteFormatError('SUITE_SCHEMA', issue.message, {
      file,
      ...(line !== undefined ? { line } : {}),
      field: fieldName(issue.path),
    });
  }
  return value as AltSqlProposals;
}

/**
 * Adds proposals to a queue: one entry per case and SQL (another role proposing the same SQL
 * adds its role), in the order first proposed. SQL already among the case's golds is dropped.
 */
export function mergeAltSqlProposals(
  queue: AltSqlProposals,
  added: readonly AltSqlProposal[],
  known: (caseId: string) => readonly string[] = () => [],
): AltSqlProposals {
  const proposals = queue.proposals.map((p) => ({ ...p, roles: [...p.roles] }));
  for (const p of added) {
    if (known(p.case_id).includes(p.alt_sql)) continue;
    const same = proposals.find((q) => q.case_id === p.case_id && q.alt_sql === p.alt_sql);
    if (same) {
      same.roles = [...new Set([...same.roles, ...p.roles])].sort();
      continue;
    }
    proposals.push({ ...p, roles: [...new Set(p.roles)].sort() });
  }
  return { suite: queue.suite, proposals };
}

/** The queue as written: YAML, keys in format order, LF line ends. */
export function formatAltSqlProposals(queue: AltSqlProposals): string {
  return stringify(queue, { lineWidth: 0 });
}

export async function writeAltSqlProposals(file: string, queue: AltSqlProposals): Promise<void> {
  await writeFile(file, formatAltSqlProposals(queue));
}
