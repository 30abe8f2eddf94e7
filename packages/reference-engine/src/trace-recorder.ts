// Collects an ask's trace as the pipeline runs: each node's wall time and outcome, the LLM
// usage, the retrieval record, every SQL checked, and the curated / plan-cache flags; and
// the trajectory the protocol carries (every SQL executed, the schema search, the errors seen).

import type { AskTrace, RetrievalRecord, TraceNode, TrajectoryStep } from '@nl2sql/engine';
import type { UsageRecord } from '@nl2sql/llm';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'INTERNAL_ERROR';
}

export class TraceRecorder {
  readonly nodes: TraceNode[] = [];
  readonly usage: UsageRecord[] = [];
  readonly sql: string[] = [];
  /** The ask's trajectory, in order (the AskResponse's `trajectory`). */
  readonly steps: TrajectoryStep[] = [];
  datasource: string | null = null;
  retrieval: RetrievalRecord | null = null;
  plan: unknown = null;
  curated = false;
  planCached = false;
  refinements = 0;
  readonly #started = performance.now();

  /** Run one node, timing it; an exception is recorded (with its code) and rethrown. */
  async node<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      const value = await run();
      this.nodes.push({ node: name, ms: performance.now() - started, status: 'ok' });
      return value;
    } catch (error) {
      this.nodes.push({
        node: name,
        ms: performance.now() - started,
        status: 'error',
        error: codeOf(error),
      });
      throw error;
    }
  }

  /** Record a node that did not run (curated hit, plan-cache hit, switched off). */
  skip(name: string): void {
    this.nodes.push({ node: name, ms: 0, status: 'skipped' });
  }

  /** A statement the executor ran: its row count, or the error it raised. */
  executed(sql: string, outcome: { rows: number } | { error: string }): void {
    this.steps.push(
      'rows' in outcome
        ? { kind: 'sql', sql, row_count: outcome.rows, error: null }
        : { kind: 'sql', sql, row_count: null, error: outcome.error },
    );
  }

  /** A search of the schema (the retriever), and what it searched. */
  schemaCall(call: string, target: string | null): void {
    this.steps.push({ kind: 'schema', call, target });
  }

  /** An error the pipeline saw and may recover from (a refused plan, unsafe SQL). */
  sawError(message: string): void {
    this.steps.push({ kind: 'error', message });
  }

  addUsage(records: readonly UsageRecord[]): void {
    this.usage.push(...records);
  }

  trace(): AskTrace {
    return {
      nodes: this.nodes,
      datasource: this.datasource,
      retrieval: this.retrieval,
      plan: this.plan,
      sql: this.sql,
      curated: this.curated,
      plan_cached: this.planCached,
      refinements: this.refinements,
      total_ms: performance.now() - this.#started,
    };
  }
}
