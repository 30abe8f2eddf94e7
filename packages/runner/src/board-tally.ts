import { wilson } from '@nl2sql/gate';
import type {
  RecordAccuracy,
  RetrievalMetrics,
  RowsCheckOutcome,
  RunMetrics,
  UnfaithfulAnswer,
} from '@nl2sql/records';
import { AgentTally } from './agent-tally.js';
import type { CaseResult } from './case-result.js';
import { OrderedSum } from './ordered-sum.js';
import { PeerPolicyTally } from './peer-policy-tally.js';
import { percentile } from './percentile.js';
import { rate } from './record-rate.js';
import { RetrievalTally } from './retrieval-tally.js';
import { SnapshotTally } from './snapshot-tally.js';

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

/** The snapshots section where case runs were scored on snapshots, else nothing. */
const snapshotsOf = (snapshots: RunMetrics['snapshots']): Pick<RunMetrics, 'snapshots'> =>
  snapshots === undefined ? {} : { snapshots };

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
  readonly #snapshots = new SnapshotTally();
  readonly #agents = new AgentTally();
  #written = 0;
  readonly #unfaithful: Array<readonly [order: number, answer: UnfaithfulAnswer]> = [];
  readonly #retrieval = new RetrievalTally();

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
    if (this.options.retrieval) this.#retrieval.add(result, order);
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
    this.#snapshots.add(r, order);
    this.#agents.add(r);
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

  /**
   * The board of the case runs added so far. `billedUsd` is every dollar billed call by
   * call for this config, when its calls were billed so (see BoardOptions.billedUsd).
   */
  metrics(billedUsd?: number): RunMetrics | RetrievalMetrics {
    return this.options.retrieval ? this.#retrieval.metrics() : this.runMetrics(billedUsd);
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
      ...snapshotsOf(this.#snapshots.metrics()),
      ...this.#agents.metrics(),
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
