import type { AskResponse } from './engine.js';

/**
 * An ask that ended in an error, in the protocol's shape: no rows, no answer. One builder for
 * the reference engine, the HTTP client and callers (the runner's timeouts) so the shape of
 * a failure cannot drift between them.
 */
export function errorAnswer(
  code: string,
  message: string,
  extra: Partial<Pick<AskResponse, 'sql' | 'usage' | 'trace' | 'trajectory'>> = {},
): AskResponse {
  return {
    status: 'error',
    sql: extra.sql ?? null,
    results: [],
    answer: null,
    error: { code, message },
    usage: extra.usage ?? [],
    trace: extra.trace ?? {},
    ...(extra.trajectory ? { trajectory: extra.trajectory } : {}),
  };
}
