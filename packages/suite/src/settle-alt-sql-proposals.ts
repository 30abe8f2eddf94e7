// Settling the review queue: a person approves proposals into the suite or rejects them.
// Approving adds the SQL to the case's `alt_sql` and regenerates that case as `regenerate`
// would (its rows and every alternative's rows, from the case's datasource); rejecting moves
// the proposal to the queue's `rejected` list so runs never propose it again for that case.
// One request is all or nothing: any selector, case or query that does not work refuses the
// whole of it, and the caller writes nothing (decisions/suite-review-queue.md). A proposal
// whose SQL the suite already holds as a gold of its case (an approval stopped between the
// suite's write and the queue's) is dropped from the queue, approved or not, and reported.

import type { Datasource } from '@nl2sql/datasource';
import type { AltSqlProposal, AltSqlProposals, RejectedAltSql } from './alt-sql-proposals.js';
import type { EvalCase, EvalSuite } from './case.js';
import { declareAltReads, isUnread } from './declare-alt-reads.js';
import { goldSchema } from './lint-context.js';
import type { LintFinding } from './lint-finding.js';
import type { LintOptions } from './lint-options.js';
import { lintSuite } from './lint-suite.js';
import { parseSuite } from './load-suite.js';
import { proposalLabels, selectProposal } from './proposal-label.js';
import { proposalsAlreadyGold } from './proposals-already-gold.js';
import { RegenerateError, type RegenerateSource, regenerateSuite } from './regenerate.js';
import { sameSql } from './same-sql.js';
import type { SchemaLike } from './schema-like.js';
import { formatSuite } from './write-suite.js';

/**
 * - UNKNOWN_PROPOSAL / AMBIGUOUS_PROPOSAL: a selector names no proposal, or a case with several;
 * - APPROVED_AND_REJECTED: one proposal both approved and rejected in the same request;
 * - UNKNOWN_CASE: the proposal's case is not in the suite (renamed or removed since the run);
 * - NOT_ANSWERABLE: the case has no gold SQL (an unanswerable case takes no alternative);
 * - ALREADY_GOLD: asked to reject SQL the case already holds as a gold, or to approve the
 *   same SQL twice in one request (approving SQL the case holds drops the proposal instead);
 * - LINT_ERROR: with the alternative the case fails a lint error (it returns 0 or more than 25
 *   rows, or reads a table the suite requires it not to), which would make eval run refuse
 *   the suite, or the SQL parser cannot read it (what it reads cannot be recorded);
 * - QUERY_FAILED / RESULT_TRUNCATED / UNKNOWN_DATASOURCE: regenerating the case failed.
 */
export type ProposalReviewErrorCode =
  | 'UNKNOWN_PROPOSAL'
  | 'AMBIGUOUS_PROPOSAL'
  | 'APPROVED_AND_REJECTED'
  | 'UNKNOWN_CASE'
  | 'NOT_ANSWERABLE'
  | 'ALREADY_GOLD'
  | 'LINT_ERROR'
  | 'QUERY_FAILED'
  | 'RESULT_TRUNCATED'
  | 'UNKNOWN_DATASOURCE';

/** A review request that cannot be carried out; the suite and the queue are unchanged. */
export class ProposalReviewError extends Error {
  readonly code: ProposalReviewErrorCode;
  /** The selector or label of the proposal at fault. */
  readonly proposal: string;
  readonly caseId: string | undefined;
  /** The queue file and the line the proposal starts on, when known. */
  readonly file: string | undefined;
  readonly line: number | undefined;
  constructor(
    code: ProposalReviewErrorCode,
    problem: string,
    at: { proposal: string; caseId?: string; file?: string; line?: number },
    cause?: unknown,
  ) {
    const place =
      at.file === undefined
        ? ''
        : at.line === undefined
          ? `${at.file}: `
          : `${at.file}:${at.line}: `;
    const which = at.caseId === undefined ? '' : ` (case ${at.caseId})`;
    super(
      `${place}proposal ${at.proposal}${which}: ${problem}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'ProposalReviewError';
    this.code = code;
    this.proposal = at.proposal;
    this.caseId = at.caseId;
    this.file = at.file;
    this.line = at.line;
    this.stack = `${this.name}: ${this.message}`;
  }
}

export interface SettleRequest {
  /** Proposals to approve into the suite: `CASE_ID#N`, or `CASE_ID` for a case's only one. */
  approve?: readonly string[];
  /** Proposals to reject (remembered in the queue's `rejected`). */
  reject?: readonly string[];
  /** YYYY-MM-DD written as `rejected_at`. */
  date: string;
}

export interface SettleOptions {
  /** The queue's file and its proposals' lines, for located errors. */
  file?: string;
  lineOf?: (index: number) => number | undefined;
  /** Per-statement timeout in milliseconds (default: the datasource's). */
  timeoutMs?: number;
  /** Lint requirements of the suite an approval must keep (e.g. Chinook's alt_same_tables). */
  require?: LintOptions['require'];
}

/** One settled proposal, with the label it had in the queue as read. */
export interface SettledProposal extends AltSqlProposal {
  label: string;
}

/** A proposal dropped because its case already holds its SQL as `gold` (`sql`, `alt_sql[N]`). */
export interface SettledAlreadyGold extends SettledProposal {
  gold: string;
  /** True when the request asked to approve it (a review repeated after being stopped). */
  requested: boolean;
}

export interface SettleResult {
  /** The suite with the approved alternatives and the regenerated cases' rows. */
  suite: EvalSuite;
  /**
   * The queue without the settled proposals, the rejected ones added to `rejected` and the
   * ones already gold dropped.
   */
  queue: AltSqlProposals;
  approved: SettledProposal[];
  rejected: SettledProposal[];
  /** Proposals whose SQL the case already holds, requested or not: dropped from the queue. */
  alreadyGold: SettledAlreadyGold[];
  /** Cases whose rows or alt_rows changed. */
  changedCases: string[];
  /** Statements run to regenerate the approved cases. */
  statements: number;
}

/** The schema of the datasource case `datasource` reads, when the source can tell one. */
async function schemaOf(
  source: RegenerateSource,
  datasource: string,
): Promise<SchemaLike | undefined> {
  const db =
    typeof (source as Partial<Datasource>).execute === 'function'
      ? (source as Datasource)
      : (source as ReadonlyMap<string, Datasource>).get(datasource);
  return typeof db?.introspect === 'function'
    ? await db.introspect({ rowCounts: false })
    : undefined;
}

/** A lint finding apart from where it is (lines move when a case grows). */
const findingKey = (f: LintFinding) => `${f.caseId ?? ''}\u0000${f.rule}\u0000${f.message}`;

/**
 * The lint errors case `after` has and `before` did not, checked against the schema of the
 * datasource the case reads when it can tell one (tables an alternative reads).
 */
async function newLintErrors(
  suite: EvalSuite,
  before: EvalCase,
  after: EvalCase,
  source: RegenerateSource,
  require: LintOptions['require'],
): Promise<LintFinding[]> {
  const schema = await schemaOf(source, after.datasource);
  const lint = (c: EvalCase) =>
    lintSuite(
      { ...suite, cases: [c] },
      { ...(schema === undefined ? {} : { schema }), ...(require ? { require } : {}) },
    );
  const had = new Set((await lint(before)).map(findingKey));
  return (await lint(after)).filter((f) => f.severity === 'error' && !had.has(findingKey(f)));
}

/**
 * Approves and rejects proposals of `queue` for `suite`, reading the approved cases' rows
 * from `source` (one datasource, or datasources by the id each case names). Returns the new
 * suite and queue (the inputs are not changed); throws ProposalReviewError for the first
 * thing that stops the request, having changed nothing.
 */
export async function settleAltSqlProposals(
  suite: EvalSuite,
  queue: AltSqlProposals,
  request: SettleRequest,
  source: RegenerateSource,
  options: SettleOptions = {},
): Promise<SettleResult> {
  const labels = proposalLabels(queue);
  const at = (index: number, selector?: string) => {
    const p = queue.proposals[index] as AltSqlProposal;
    const line = options.lineOf?.(index);
    return {
      proposal: selector ?? (labels[index] as string),
      caseId: p.case_id,
      ...(options.file !== undefined ? { file: options.file } : {}),
      ...(line !== undefined ? { line } : {}),
    };
  };
  const resolve = (selectors: readonly string[]): number[] => {
    const indexes: number[] = [];
    for (const selector of selectors) {
      const found = selectProposal(queue, selector);
      if ('problem' in found) {
        const where = options.file === undefined ? {} : { file: options.file };
        throw found.problem === 'ambiguous'
          ? new ProposalReviewError(
              'AMBIGUOUS_PROPOSAL',
              `the case has ${found.choices.length} proposals; name one: ${found.choices.join(', ')}`,
              { proposal: selector, ...where },
            )
          : new ProposalReviewError(
              'UNKNOWN_PROPOSAL',
              `no such proposal in the queue (${queue.proposals.length} pending${labels.length > 0 ? `: ${labels.join(', ')}` : ''})`,
              { proposal: selector, ...where },
            );
      }
      if (!indexes.includes(found.index)) indexes.push(found.index);
    }
    return indexes;
  };
  const requested = resolve(request.approve ?? []);
  const reject = resolve(request.reject ?? []);
  for (const index of requested) {
    if (reject.includes(index))
      throw new ProposalReviewError(
        'APPROVED_AND_REJECTED',
        'asked to approve and to reject it at once',
        at(index),
      );
  }
  // SQL the suite already holds for the case needs no decision: approving it again is a
  // no-op, so it is dropped; rejecting it would contradict the suite, so that is refused.
  const already = new Map(proposalsAlreadyGold(suite, queue).map((a) => [a.index, a]));
  for (const index of reject) {
    const found = already.get(index);
    if (found)
      throw new ProposalReviewError(
        'ALREADY_GOLD',
        `the SQL is already the case's ${found.gold} (approved earlier, or added by hand), so it cannot be rejected; to undo it, take it out of the suite`,
        at(index),
      );
  }
  const approve = requested.filter((index) => !already.has(index));

  // The approved alternatives, case by case, checked before any query runs.
  const byId = new Map(suite.cases.map((c) => [c.id, c]));
  const added = new Map<string, string[]>();
  for (const index of approve) {
    const p = queue.proposals[index] as AltSqlProposal;
    const c = byId.get(p.case_id);
    if (c === undefined)
      throw new ProposalReviewError(
        'UNKNOWN_CASE',
        `suite ${suite.name} has no case ${p.case_id} (renamed or removed since the run proposed it); reject the proposal instead`,
        at(index),
      );
    if (c.sql === undefined)
      throw new ProposalReviewError(
        'NOT_ANSWERABLE',
        'the case has no gold sql (it is unanswerable), so it takes no alternative',
        at(index),
      );
    // The case's own golds were set aside above; only this request's can match here.
    if ((added.get(c.id) ?? []).some((g) => sameSql(g, p.alt_sql)))
      throw new ProposalReviewError(
        'ALREADY_GOLD',
        'the SQL is approved twice in this request',
        at(index),
      );
    added.set(c.id, [...(added.get(c.id) ?? []), p.alt_sql]);
  }

  // An approved alternative that reads other tables than its case gets them written down
  // (alt_reads), read from its SQL as lint reads it; one the parser cannot read is refused.
  const cases: EvalCase[] = [];
  for (const c of suite.cases) {
    const alts = added.get(c.id);
    if (alts === undefined) {
      cases.push(c);
      continue;
    }
    const grown: EvalCase = { ...c, alt_sql: [...(c.alt_sql ?? []), ...alts] };
    const schema = await schemaOf(source, c.datasource);
    if (schema === undefined) {
      cases.push(grown);
      continue;
    }
    const declared = await declareAltReads(grown, goldSchema(schema, 'sqlite'), 'sqlite');
    if (isUnread(declared)) {
      const sql = grown.alt_sql?.[declared.index] as string;
      const index = approve.find((i) => {
        const p = queue.proposals[i] as AltSqlProposal;
        return p.case_id === c.id && p.alt_sql === sql;
      });
      throw new ProposalReviewError(
        'LINT_ERROR',
        `the SQL parser cannot read alt_sql[${declared.index}] as one query, so the tables it reads cannot be recorded`,
        at(index ?? (approve[0] as number)),
      );
    }
    cases.push(declared);
  }
  let regenerated: Awaited<ReturnType<typeof regenerateSuite>> = {
    suite: { ...suite, cases },
    changedCases: [],
    statements: 0,
    untied: [],
  };
  if (added.size > 0) {
    try {
      regenerated = await regenerateSuite({ ...suite, cases }, source, {
        only: [...added.keys()],
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      });
    } catch (error) {
      if (!(error instanceof RegenerateError)) throw error;
      const index = approve.find(
        (i) => (queue.proposals[i] as AltSqlProposal).case_id === error.caseId,
      );
      if (index === undefined || error.code === 'SUITE_PACKAGED') throw error;
      throw new ProposalReviewError(error.code, error.message, at(index), error.cause);
    }
    // What is written must read back as a suite: a case the format refuses is refused here.
    parseSuite(formatSuite(regenerated.suite), `${suite.name} (with the approved alternatives)`);
    // An approval must not leave the suite failing lint (eval run would refuse all of it).
    for (const index of approve) {
      const id = (queue.proposals[index] as AltSqlProposal).case_id;
      const before = byId.get(id) as EvalCase;
      const after = regenerated.suite.cases.find((c) => c.id === id) as EvalCase;
      const errors = await newLintErrors(suite, before, after, source, options.require);
      if (errors.length > 0)
        throw new ProposalReviewError(
          'LINT_ERROR',
          `with it the case fails suite lint: ${errors.map((f) => `${f.rule}: ${f.message}`).join('; ')}`,
          at(index),
        );
    }
  }

  const settled = new Set([...approve, ...reject, ...already.keys()]);
  const label = (i: number): SettledProposal => ({
    ...(queue.proposals[i] as AltSqlProposal),
    label: labels[i] as string,
  });
  const rejected: RejectedAltSql[] = reject.map((i) => ({
    ...(queue.proposals[i] as AltSqlProposal),
    rejected_at: request.date,
  }));
  const allRejected = [...(queue.rejected ?? []), ...rejected];
  return {
    suite: regenerated.suite,
    queue: {
      suite: queue.suite,
      proposals: queue.proposals.filter((_, i) => !settled.has(i)),
      ...(allRejected.length > 0 ? { rejected: allRejected } : {}),
    },
    approved: approve.map(label),
    rejected: reject.map(label),
    alreadyGold: [...already.values()].map((a) => ({
      ...label(a.index),
      gold: a.gold,
      requested: requested.includes(a.index),
    })),
    changedCases: regenerated.changedCases,
    statements: regenerated.statements,
  };
}
