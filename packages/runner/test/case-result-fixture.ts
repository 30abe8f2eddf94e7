import type { CaseResult } from '../src/index.js';

/** A passing case result with every field set; `extra` overrides any of them. */
export function caseResultOf(caseId: string, extra: Partial<CaseResult> = {}): CaseResult {
  return {
    caseId,
    role: null,
    pass: 1,
    status: 'pass',
    lenientStatus: 'pass',
    generatedStatus: null,
    expected: 'allowed',
    engineStatus: 'success',
    error: null,
    sql: 'SELECT 1',
    rowsDigest: 'x',
    rowCount: 1,
    costUsd: 0.01,
    latencyMs: 1,
    harnessMs: 0.5,
    tokens: { input: 10, cached: 2, cacheWrite: 0, output: 3, reasoning: 1 },
    curated: false,
    scores: { outcome: { pass: true, lenient: true, explanation: null, detail: {} } },
    explanation: null,
    suspect: null,
    answer: null,
    resultHead: null,
    diagnostics: null,
    rowsCheck: null,
    trajectory: null,
    clarify: null,
    asOfDate: null,
    ...extra,
  };
}
