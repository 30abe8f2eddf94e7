import { wilson } from '@nl2sql/gate';
import type {
  RecordAccuracy,
  RecordRate,
  RetrievalMetrics,
  RowsCheckOutcome,
  RunMetrics,
  UnfaithfulAnswer,
} from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import { PeerPolicyTally } from './peer-policy-tally.js';
import { percentile } from './percentile.js';

/** What a board counts besides its case runs. */
export interface BoardTallyOptions {
  /** A retrieval board (recall) rather than a plans or full one (accuracy). */
  readonly retrieval: boolean;
  /** Passes the run planned; pass^k and determinism appear above one. */
  readonly passes: number;
  /** Whether curated answers were on (accuracy_generated appears only then). */
  readonly curated: boolean;
  /** Whether the faithfulness scorer ran (it does not in mode plans). */
  readonly faithfulness: boolean;
}

/** The policies section where the peers' rules ran, else nothing (the field is optional). */
const policiesOf = (policies: RunMetrics['policies']): Pick<RunMetrics, 'policies'> =>
  policies === undefined ? {} : { policies };

function rate(count: number, total: number): RecordRate {
  return { count, total, rate: total === 0 ? 0 : count / total };
}

/** An accuracy with its 95% Wilson interval; no runs scored reads 0 of 0, interval [0, 1]. */
export function accuracy(count: number, total: number): RecordAccuracy {
  if (total === 0) return { count: 0, total: 0, rate: 0, lower: 0, upper: 1 };
  const interval = wilson(count, total);
  return { count, total, rate: count / total, lower: interval.lower, upper: interval.upper };
}

/**
 * Passed every scorer that applied: execution, and quality scorers such as faithfulness.
 * Diagnostics never count (a score without a kind is counted: it came from elsewhere).
 */
export function passedAllScorers(record: CaseResult): boolean {
  if (record.status !== 'pass') return false;
  return Object.values(record.scores).every((score) => score.kind === 'diagnostic' || score.pass);
}

/**
 * A sum of floats taken in task order, whatever order the terms arrive in: float addition
 * is not associative, and a board must read the same whether its case runs finished in
 * one order, another, or on three machines merged (decisions/runner-shards-and-merge.md).
 */
class OrderedSum {
  readonly #terms: Array<readonly [order: number, value: number]> = [];

  add(order: number, value: number): void {
    if (value !== 0) this.#terms.push([order, value]);
  }

  total(): number {
    return [...this.#terms].sort((a, b) => a[0] - b[0]).reduce((sum, [, v]) => sum + v, 0);
  }
}

/** One case (and role) over its passes: what pass^k and determinism need of it. */
interface CaseAcrossPasses {
  runs: number;
  strict: boolean;
  lenient: boolean;
  /** Passed in some pass (any of k, pass@k). */
  anyStrict: boolean;
  anyLenient: boolean;
  /** Passed in pass 1 (first of k). */
  firstStrict: boolean;
  firstLenient: boolean;
  sql: string | null;
  rowsDigest: string | null;
  same: boolean;
}

/**
 * One config's board, counted as its case runs finish: each `add` updates counts and keeps
 * only numbers (latencies, costs) and the few entries a board lists (unfaithful answers);
 * `metrics()` reads the figures at any time. The figures are those of the case runs added,
 * in task order (`order`), so the board of a run equals the board of the same case runs
 * added in any other order, by a resumed run or by a merge of shards.
 */
export class BoardTally {
  readonly options: BoardTallyOptions;
  #n = 0;
  #strict = 0;
  #lenient = 0;
  #generated = 0;
  #answerable = 0;
  #allScorers = 0;
  #suspect = 0;
  // An external engine's answers by what the harness's check of their rows found.
  readonly #rowsChecks = new Map<RowsCheckOutcome, number>();
  readonly #cost = new OrderedSum();
  readonly #tokens = { input: 0, cached_input: 0, cache_write: 0, output: 0, reasoning: 0 };
  readonly #latencies: number[] = [];
  readonly #overheads: number[] = [];
  readonly #byCase = new Map<string, CaseAcrossPasses>();
  readonly #policies = new PeerPolicyTally();
  #written = 0;
  readonly #unfaithful: Array<readonly [order: number, answer: UnfaithfulAnswer]> = [];
  // Retrieval.
  #scored = 0;
  readonly #tableRecall = new OrderedSum();
  readonly #columnRecall = new OrderedSum();
  #perfectTables = 0;
  #perfectColumns = 0;
  #tablesSent = 0;
  #columnsSent = 0;
  #routed = 0;
  #routedPass = 0;
  // Spec 003's selection figures, where the scorer had the schema.
  #selected = 0;
  readonly #relationshipsRecall = new OrderedSum();
  readonly #elementRecall = new OrderedSum();
  #complete = 0;
  #referenced = 0;
  #referenceMatched = 0;
  #stated = 0;
  #statedAsExpected = 0;

  constructor(options: BoardTallyOptions) {
    this.options = options;
  }

  /** The board of case runs listed in task order. */
  static over(results: readonly CaseResult[], options: BoardTallyOptions): BoardTally {
    const tally = new BoardTally(options);
    for (const [order, result] of results.entries()) tally.add(result, order);
    return tally;
  }

  /** Case runs added. */
  get count(): number {
    return this.#n;
  }

  /** Adds one finished case run; `order` is its place in the run's task order. */
  add(result: CaseResult, order: number): void {
    this.#n++;
    if (this.options.retrieval) this.#addRetrieval(result, order);
    else this.#addRun(result, order);
  }

  #addRun(r: CaseResult, order: number): void {
    if (r.status === 'pass') this.#strict++;
    if (r.lenientStatus === 'pass') this.#lenient++;
    if ((r.generatedStatus ?? r.status) === 'pass') this.#generated++;
    if (r.scores.outcome?.pass === true) this.#answerable++;
    if (passedAllScorers(r)) this.#allScorers++;
    if (r.suspect !== null) this.#suspect++;
    if (r.rowsCheck) {
      const outcome = r.rowsCheck.outcome;
      this.#rowsChecks.set(outcome, (this.#rowsChecks.get(outcome) ?? 0) + 1);
    }
    this.#cost.add(order, r.costUsd ?? 0);
    this.#tokens.input += r.tokens.input;
    this.#tokens.cached_input += r.tokens.cached;
    this.#tokens.cache_write += r.tokens.cacheWrite;
    this.#tokens.output += r.tokens.output;
    this.#tokens.reasoning += r.tokens.reasoning;
    if (r.latencyMs !== null) this.#latencies.push(r.latencyMs);
    if (r.harnessMs !== null) this.#overheads.push(r.harnessMs);
    if (this.options.passes > 1) this.#addPass(r);
    this.#policies.add(r, order);
    if (this.options.faithfulness) {
      const score = r.scores.faithfulness;
      if (score !== undefined) {
        this.#written++;
        if (score.pass === false) {
          const detail = score.detail ?? {};
          this.#unfaithful.push([
            order,
            {
              case_id: r.caseId,
              role: r.role,
              pass: r.pass,
              unsupported_numbers: (detail.unsupported_numbers as string[] | undefined) ?? [],
              unsupported_entities: (detail.unsupported_entities as string[] | undefined) ?? [],
            },
          ]);
        }
      }
    }
  }

  /** A case's passes, as @nl2sql/gate's passK and determinism count them (by case and role). */
  #addPass(r: CaseResult): void {
    const key = r.role === null ? r.caseId : `${r.caseId}@${r.role}`;
    const seen = this.#byCase.get(key);
    if (seen === undefined) {
      this.#byCase.set(key, {
        runs: 1,
        strict: r.status === 'pass',
        lenient: r.lenientStatus === 'pass',
        anyStrict: r.status === 'pass',
        anyLenient: r.lenientStatus === 'pass',
        firstStrict: r.pass === 1 && r.status === 'pass',
        firstLenient: r.pass === 1 && r.lenientStatus === 'pass',
        sql: r.sql,
        rowsDigest: r.rowsDigest,
        same: true,
      });
      return;
    }
    seen.runs++;
    seen.strict &&= r.status === 'pass';
    seen.lenient &&= r.lenientStatus === 'pass';
    seen.anyStrict ||= r.status === 'pass';
    seen.anyLenient ||= r.lenientStatus === 'pass';
    if (r.pass === 1) {
      seen.firstStrict = r.status === 'pass';
      seen.firstLenient = r.lenientStatus === 'pass';
    }
    seen.same &&= r.sql === seen.sql && r.rowsDigest === seen.rowsDigest;
  }

  #addRetrieval(r: CaseResult, order: number): void {
    const detail = r.scores.retrieval_recall?.detail as Record<string, unknown> | undefined;
    if (detail !== undefined) {
      this.#scored++;
      this.#tableRecall.add(order, detail.table_recall as number);
      this.#columnRecall.add(order, detail.column_recall as number);
      if ((detail.missed_tables as unknown[]).length === 0) this.#perfectTables++;
      if ((detail.missed_columns as unknown[]).length === 0) this.#perfectColumns++;
      this.#tablesSent += (detail.tables_sent as unknown[]).length;
      this.#columnsSent += (detail.columns_sent as unknown[]).length;
      if (typeof detail.element_recall === 'number') this.#addSelection(detail, order);
    }
    const routing = r.scores.routing;
    if (routing !== undefined) {
      this.#routed++;
      if (routing.pass) this.#routedPass++;
    }
  }

  #addSelection(detail: Record<string, unknown>, order: number): void {
    this.#selected++;
    this.#relationshipsRecall.add(order, detail.relationships_recall as number);
    this.#elementRecall.add(order, detail.element_recall as number);
    if (detail.complete === true) this.#complete++;
    const reference = detail.reference_query as { status?: string } | undefined;
    if (reference) {
      this.#referenced++;
      if (reference.status === 'matched') this.#referenceMatched++;
    }
    if (typeof detail.status_as_expected === 'boolean') {
      this.#stated++;
      if (detail.status_as_expected) this.#statedAsExpected++;
    }
  }

  /**
   * The board of the case runs added so far. `billedUsd` is every dollar billed call by
   * call for this config, when its calls were billed so (see BoardOptions.billedUsd).
   */
  metrics(billedUsd?: number): RunMetrics | RetrievalMetrics {
    return this.options.retrieval ? this.#retrievalMetrics() : this.runMetrics(billedUsd);
  }

  /** The board of a plans or full run (see buildBoard). */
  runMetrics(billedUsd?: number): RunMetrics {
    const n = this.#n;
    let passK: RunMetrics['pass_k'] = null;
    let passAtK: RunMetrics['pass_at_k'] = null;
    let determinism: RunMetrics['determinism'] = null;
    if (this.options.passes > 1 && n > 0) {
      let strict = 0;
      let lenient = 0;
      let repeated = 0;
      let deterministic = 0;
      const any = { strict: 0, lenient: 0 };
      const first = { strict: 0, lenient: 0 };
      for (const c of this.#byCase.values()) {
        if (c.strict) strict++;
        if (c.lenient) lenient++;
        if (c.anyStrict) any.strict++;
        if (c.anyLenient) any.lenient++;
        if (c.firstStrict) first.strict++;
        if (c.firstLenient) first.lenient++;
        if (c.runs >= 2) {
          repeated++;
          if (c.same) deterministic++;
        }
      }
      const cases = this.#byCase.size;
      passK = {
        k: this.options.passes,
        strict: rate(strict, cases),
        lenient: rate(lenient, cases),
      };
      passAtK = {
        k: this.options.passes,
        strict: rate(any.strict, cases),
        lenient: rate(any.lenient, cases),
        first: { strict: rate(first.strict, cases), lenient: rate(first.lenient, cases) },
      };
      if (repeated > 0) {
        determinism = { cases: repeated, deterministic, rate: deterministic / repeated };
      }
    }
    let faithfulness: RunMetrics['faithfulness'] = null;
    if (this.options.faithfulness) {
      const unfaithful = [...this.#unfaithful].sort((a, b) => a[0] - b[0]).map(([, u]) => u);
      const faithful = this.#written - unfaithful.length;
      faithfulness = {
        answers: this.#written,
        faithful,
        rate: this.#written === 0 ? 0 : faithful / this.#written,
        unfaithful,
      };
    }
    return {
      accuracy: {
        execution: { strict: accuracy(this.#strict, n), lenient: accuracy(this.#lenient, n) },
      },
      accuracy_all_scorers: rate(this.#allScorers, n),
      accuracy_generated: this.options.curated ? rate(this.#generated, n) : null,
      pass_k: passK,
      pass_at_k: passAtK,
      answerability: rate(this.#answerable, n),
      dollars: dollarsOf(this.#cost.total(), n, billedUsd),
      tokens: { ...this.#tokens },
      latency: {
        p50_ms: percentile(this.#latencies, 50),
        p95_ms: percentile(this.#latencies, 95),
      },
      harness_overhead: {
        p50_ms: percentile(this.#overheads, 50),
        p95_ms: percentile(this.#overheads, 95),
      },
      suspect: rate(this.#suspect, n),
      ...this.#rowsCheckCounts(),
      determinism,
      faithfulness,
      ...policiesOf(this.#policies.metrics()),
    };
  }

  /** rows_checks, when some case run was an external engine's answer the harness checked. */
  #rowsCheckCounts(): Pick<RunMetrics, 'rows_checks'> {
    if (this.#rowsChecks.size === 0) return {};
    const count = (outcome: RowsCheckOutcome) => this.#rowsChecks.get(outcome) ?? 0;
    return {
      rows_checks: {
        executed: count('executed'),
        trusted: count('trusted'),
        rows_mismatch: count('rows-mismatch'),
        no_sql: count('no-sql'),
        unsafe_sql: count('unsafe-sql'),
        execution_error: count('execution-error'),
      },
    };
  }

  #retrievalMetrics(): RetrievalMetrics {
    const scored = this.#scored;
    const selected = this.#selected;
    const mean = (total: number) => (scored === 0 ? 0 : total / scored);
    return {
      retrieval: {
        cases: scored,
        table_recall: mean(this.#tableRecall.total()),
        column_recall: mean(this.#columnRecall.total()),
        perfect_tables: this.#perfectTables,
        perfect_columns: this.#perfectColumns,
        tables_sent: mean(this.#tablesSent),
        columns_sent: mean(this.#columnsSent),
        routing: this.#routed === 0 ? null : rate(this.#routedPass, this.#routed),
        relationships_recall: selected === 0 ? null : this.#relationshipsRecall.total() / selected,
        element_recall: selected === 0 ? null : this.#elementRecall.total() / selected,
        complete: selected === 0 ? null : rate(this.#complete, selected),
        reference_matches:
          this.#referenced === 0 ? null : rate(this.#referenceMatched, this.#referenced),
        boundary_as_expected:
          this.#stated === 0 ? null : rate(this.#statedAsExpected, this.#stated),
      },
    };
  }
}

/**
 * Dollars of a board: per case run from the case runs' own costs; in all, every call billed
 * (when known), so money spent on case runs that never finished is not left out.
 */
function dollarsOf(ofCases: number, n: number, billed: number | undefined): RunMetrics['dollars'] {
  const perCaseRun = n === 0 ? 0 : ofCases / n;
  if (billed === undefined) return { total: ofCases, per_case_run: perCaseRun };
  // Float sums in another order: a difference below a millionth of a cent is not a call.
  const unfinished = billed - ofCases > 1e-9 ? billed - ofCases : 0;
  return { total: ofCases + unfinished, per_case_run: perCaseRun, unfinished };
}
