// Collects an ask's trace as the pipeline runs: each node's wall time and outcome, the LLM
// usage, the retrieval record, every SQL checked, and the curated / plan-cache flags.

import type { AskTrace, RetrievalRecord, TraceNode } from '@nl2sql/engine';
import type { UsageRecord } from '@nl2sql/llm';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'INTERNAL_ERROR';
}

export class TraceRecorder {
  readonly nodes: TraceNode[] = [];
  readonly usage: UsageRecord[] = [];
  readonly sql: string[] = [];
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
