// The review queue of a suite (issue 16): SQL a calibrated LLM judge found equivalent to a
// case's gold although the rows differ on the evaluation database. Each is a proposed
// `alt_sql`, never an answer: the case keeps failing until a person approves the proposal
// into the suite (which regenerates its rows). Written beside the suite as
// `<suite>.proposals.yaml`; runs add to it, never remove or reorder what a person reviews.
// A person settles a proposal (settle-alt-sql-proposals.ts): approved ones leave the queue for
// the suite, rejected ones move to `rejected`, which runs read so they never propose the same
// SQL for that case again (decisions/suite-review-queue.md).
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { defineFormat, fieldName, parseWithPositions, type Static, Type } from '@nl2sql/format';
import { stringify } from 'yaml';
import { sameSql } from './same-sql.js';
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

const RejectedAltSqlSchema = Type.Object(
  {
    ...AltSqlProposalSchema.properties,
    rejected_at: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'YYYY-MM-DD, when a person rejected it',
    }),
  },
  { additionalProperties: false },
);

const AltSqlProposalsSchema = Type.Object(
  {
    suite: Text,
    proposals: Type.Array(AltSqlProposalSchema),
    rejected: Type.Optional(
      Type.Array(RejectedAltSqlSchema, {
        description: 'Proposals a person rejected; never proposed again for their case.',
      }),
    ),
  },
  { additionalProperties: false },
);

export interface AltSqlProposal extends Static<typeof AltSqlProposalSchema> {}
export interface RejectedAltSql extends Static<typeof RejectedAltSqlSchema> {}
export interface AltSqlProposals extends Static<typeof AltSqlProposalsSchema> {}

export const ALT_SQL_PROPOSALS_FORMAT = defineFormat(AltSqlProposalsSchema, {
  id: 'https://nl2sql-evals.dev/schemas/alt-sql-proposals.json',
  title: 'nl2sql alt_sql proposals (a suite review queue)',
});

/** Where a suite's review queue lives: `chinook.yaml` -> `chinook.proposals.yaml` beside it. */
export function proposalsPath(suitePath: string): string {
  return join(dirname(suitePath), `${basename(suitePath, extname(suitePath))}.proposals.yaml`);
}

/** A review queue as read, with the line each proposal starts on (for located errors). */
export interface LocatedAltSqlProposals {
  queue: AltSqlProposals;
  /** The 1-based line of `queue.proposals[index]` in the file, when known. */
  lineOf(index: number): number | undefined;
}

/** The review queue at `file` with its proposals' lines, or an empty one for `suite`. */
export async function readLocatedAltSqlProposals(
  file: string,
  suite: string,
): Promise<LocatedAltSqlProposals> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { queue: { suite, proposals: [] }, lineOf: () => undefined };
    throw new SuiteFormatError('SUITE_READ', (error as Error).message, { file });
  }
  const { value, positions, syntaxError } = parseWithPositions(text);
  if (syntaxError !== undefined) {
    throw new SuiteFormatError('SUITE_YAML', syntaxError.message, {
      file,
      line: syntaxError.position.line,
      column: syntaxError.position.column,
    });
  }
  const [issue] = ALT_SQL_PROPOSALS_FORMAT.issues(value);
  if (issue !== undefined) {
    const line = positions.locate(issue.path)?.line;
    throw new SuiteFormatError('SUITE_SCHEMA', issue.message, {
      file,
      ...(line !== undefined ? { line } : {}),
      field: fieldName(issue.path),
    });
  }
  return {
    queue: value as AltSqlProposals,
    lineOf: (index) => positions.locate(['proposals', index])?.line,
  };
}

/** The review queue at `file`, or an empty one for `suite` when there is none yet. */
export async function readAltSqlProposals(file: string, suite: string): Promise<AltSqlProposals> {
  return (await readLocatedAltSqlProposals(file, suite)).queue;
}

/**
 * Adds proposals to a queue: one entry per case and SQL (another role proposing the same SQL
 * adds its role), in the order first proposed. SQL already among the case's golds, or that a
 * person rejected for the case, is dropped. SQL is compared by sameSql (whitespace aside).
 */
export function mergeAltSqlProposals(
  queue: AltSqlProposals,
  added: readonly AltSqlProposal[],
  known: (caseId: string) => readonly string[] = () => [],
): AltSqlProposals {
  const proposals = queue.proposals.map((p) => ({ ...p, roles: [...p.roles] }));
  const rejected = queue.rejected ?? [];
  for (const p of added) {
    if (known(p.case_id).some((sql) => sameSql(sql, p.alt_sql))) continue;
    if (rejected.some((r) => r.case_id === p.case_id && sameSql(r.alt_sql, p.alt_sql))) continue;
    const same = proposals.find((q) => q.case_id === p.case_id && sameSql(q.alt_sql, p.alt_sql));
    if (same) {
      same.roles = [...new Set([...same.roles, ...p.roles])].sort();
      continue;
    }
    proposals.push({ ...p, roles: [...new Set(p.roles)].sort() });
  }
  return {
    suite: queue.suite,
    proposals,
    ...(queue.rejected !== undefined ? { rejected: queue.rejected } : {}),
  };
}

/** The queue as written: YAML, keys in format order, LF line ends. */
export function formatAltSqlProposals(queue: AltSqlProposals): string {
  // every value written out: two proposals sharing one roles array would otherwise be
  // written as an anchor and an alias, which the reader refuses
  return stringify(queue, { lineWidth: 0, aliasDuplicateObjects: false });
}

export async function writeAltSqlProposals(file: string, queue: AltSqlProposals): Promise<void> {
  await writeFile(file, formatAltSqlProposals(queue));
}
