// An in-memory suite of any size for the runner's scale bench, and an engine that answers
// it from its gold after a fixed latency. The cases are a suite's answerable ones (the
// synthetic suite's: real SQL for the static checks, real gold rows for the comparator),
// taken in order and cycled under new ids when more are asked for, each asked once (no
// roles), so N cases are N case runs.
import type { AskResponse, Engine } from '@nl2sql/engine';
import type { EvalCase, EvalSuite } from '@nl2sql/suite';

/** `n` answerable cases of `source`, cycled if it has fewer, ids `synthetic_00001`... */
export function syntheticSuite(source: EvalSuite, n: number): EvalSuite {
  const answerable = source.cases.filter((c) => c.approved && c.rows && c.sql);
  const cases: EvalCase[] = Array.from({ length: n }, (_, i) => {
    const c = answerable[i % answerable.length] as EvalCase;
    const id = `synthetic_${String(i + 1).padStart(5, '0')}`;
    return { ...c, id, question: `${c.question} (${id})`, outcome: {} };
  });
  return { ...source, name: `synthetic-${n}`, cases };
}

/**
 * What the engine answers: the gold's own SQL text, or a different query with the same rows
 * (the gold wrapped as a derived table), as most systems' SQL differs from the gold's text.
 * A different text takes every diagnostic's full path, the tree diff included (issue 17).
 */
export type BenchAnswers = 'gold' | 'rewritten';

/** The gold as a different query with the same rows: `SELECT * FROM (gold) AS answer`. */
export function rewrittenSql(gold: string): string {
  return `SELECT * FROM (${gold.trim().replace(/;+$/, '')}) AS answer`;
}

/**
 * Answers each question with its case's gold rows and SQL (as written, or rewritten) after
 * `latencyMs`: an engine whose own time is known, so what a case run costs beyond it is the
 * harness's.
 */
export function latencyEngine(
  suite: EvalSuite,
  latencyMs: number,
  answers: BenchAnswers = 'gold',
): Engine {
  const byQuestion = new Map(suite.cases.map((c) => [c.question, c]));
  return {
    async ask(request): Promise<AskResponse> {
      const c = byQuestion.get(request.question) as EvalCase;
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const rows = c.rows ?? [];
      const gold = c.sql ?? null;
      return {
        status: 'success',
        sql: gold !== null && answers === 'rewritten' ? rewrittenSql(gold) : gold,
        results: [{ columns: (rows[0] ?? []).map((_, i) => `c${i}`), rows, truncated: false }],
        answer: null,
        error: null,
        usage: [],
        trace: { datasource: c.datasource, curated: false },
      };
    },
    async describe() {
      return { name: 'bench-latency-engine', version: '1' };
    },
  };
}
