// A scripted engine for the runner's tests: answers each case from the suite's own gold
// (rows, refusals, unanswerable), with per-case overrides, and counts what it was asked.
import type {
  AskRequest,
  AskResponse,
  AskUsage,
  Engine,
  RetrieveRequest,
  RetrieveResponse,
} from '@nl2sql/engine';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import type { EvalCase, EvalSuite } from '@nl2sql/suite';

export interface FakeOptions {
  /** Case id -> the response to give instead of the gold one. */
  override?: Record<string, (c: EvalCase, role: string) => Partial<AskResponse>>;
  usage?: AskUsage[];
  delayMs?: number;
  retrieve?: (c: EvalCase) => RetrieveResponse;
}

export const USAGE: AskUsage = {
  node: 'planner',
  provider: 'openai',
  model: 'gpt-5.4',
  input: 1000,
  cached: 200,
  cacheWrite: 0,
  output: 100,
  reasoning: 20,
};

export class FakeEngine implements Engine {
  readonly asked: AskRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly #byQuestion: Map<string, EvalCase>;

  constructor(
    suite: EvalSuite,
    readonly options: FakeOptions = {},
  ) {
    this.#byQuestion = new Map(suite.cases.map((c) => [c.question, c]));
  }

  async ask(request: AskRequest, opts: { signal?: AbortSignal } = {}): Promise<AskResponse> {
    this.asked.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.options.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, this.options.delayMs);
          opts.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        });
      }
      const c = this.#byQuestion.get(request.question);
      if (!c) throw new Error(`unknown question ${request.question}`);
      const gold = goldResponse(c, request.role, this.options.usage ?? []);
      const override = this.options.override?.[c.id];
      return override ? { ...gold, ...override(c, request.role) } : gold;
    } finally {
      this.inFlight--;
    }
  }

  async retrieve(request: RetrieveRequest): Promise<RetrieveResponse> {
    const c = this.#byQuestion.get(request.question);
    if (!c) throw new Error(`unknown question ${request.question}`);
    return this.options.retrieve
      ? this.options.retrieve(c)
      : { tables_sent: c.tables, columns_sent: c.columns };
  }
}

export function goldResponse(c: EvalCase, role: string, usage: AskUsage[]): AskResponse {
  const outcome = c.outcome[role] ?? 'allowed';
  const trace = {
    nodes: [{ node: 'executor', ms: 1, status: 'ok' }],
    datasource: c.datasource,
    curated: false,
  };
  if (outcome === 'refused') {
    return {
      status: 'error',
      sql: null,
      results: [],
      answer: null,
      error: { code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL },
      usage,
      trace,
    };
  }
  if (outcome === 'unanswerable') {
    return {
      status: 'error',
      sql: null,
      results: [],
      answer: null,
      error: { code: 'QUESTION_NOT_ANSWERABLE', message: 'no datasource can answer this' },
      usage,
      trace,
    };
  }
  const rows = c.rows ?? [];
  return {
    status: 'success',
    sql: c.sql ?? null,
    results: [{ columns: (rows[0] ?? []).map((_, i) => `c${i}`), rows, truncated: false }],
    answer: `There are ${rows.length} rows.`,
    error: null,
    usage,
    trace,
  };
}
