// The board's process and clarify sections (issue 28): how the engines that report their
// trajectories got to their answers (SQL executions per question, schema calls, unsafe
// trajectories counted apart from wrong answers, recovery from execution errors, the rows
// probes read by the harness's count) and clarify versus guess. Counted as case runs finish;
// each section is absent from a board no case run of which carries it.
import type { RunMetrics } from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import { percentile } from './percentile.js';
import { rate } from './record-rate.js';
import { sawExecutionError } from './trajectory-check.js';

export class AgentTally {
  readonly #executions: number[] = [];
  #schemaCalls = 0;
  #unsafe = 0;
  #sawError = 0;
  #recovered = 0;
  #probeRows = 0;
  #clarifySeen = false;
  readonly #clarify = { expected: 0, clarified: 0, guessed: 0, asked_needlessly: 0 };

  add(r: CaseResult): void {
    if (r.expected === 'clarify') {
      this.#clarifySeen = true;
      this.#clarify.expected++;
    }
    if (r.clarify) {
      this.#clarifySeen = true;
      this.#clarify[r.clarify.verdict]++;
    }
    const t = r.trajectory;
    if (!t) return;
    this.#executions.push(t.executions);
    this.#schemaCalls += t.schema_calls;
    if (t.unsafe_step !== null) this.#unsafe++;
    if (sawExecutionError(t)) {
      this.#sawError++;
      if (t.recovered) this.#recovered++;
    }
    this.#probeRows += t.probe_rows;
  }

  /** The sections for RunMetrics: `process` and `clarify` where case runs carried them. */
  metrics(): Pick<RunMetrics, 'process' | 'clarify'> {
    const runs = this.#executions.length;
    return {
      ...(runs === 0
        ? {}
        : {
            process: {
              case_runs: runs,
              executions: {
                p50: percentile(this.#executions, 50),
                p95: percentile(this.#executions, 95),
                max: Math.max(...this.#executions),
              },
              schema_calls: this.#schemaCalls,
              unsafe: this.#unsafe,
              saw_error: this.#sawError,
              recovered: rate(this.#recovered, this.#sawError),
              probe_rows: this.#probeRows,
            },
          }),
      ...(this.#clarifySeen ? { clarify: { ...this.#clarify } } : {}),
    };
  }
}
