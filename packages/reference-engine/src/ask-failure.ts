// An ask never throws: whatever stopped the pipeline becomes an error answer with the
// protocol's code, the SQL last checked, the usage billed so far and the trace. LLM calls
// answered before a failure were billed, so the run's cost cap counts them.

import { DatasourceError } from '@nl2sql/datasource';
import { type AskResponse, EngineError, type ErrorCode, errorAnswer } from '@nl2sql/engine';
import { LlmError } from '@nl2sql/llm';
import type { TraceRecorder } from './trace-recorder.js';

export function failure(
  code: string,
  message: string,
  rec: TraceRecorder,
  sql: string | null,
): AskResponse {
  return errorAnswer(code, message, {
    sql,
    usage: rec.usage,
    trace: rec.trace(),
    trajectory: rec.steps,
  });
}

function llmCode(error: LlmError): ErrorCode {
  if (error.code === 'TIMEOUT') return 'TIMEOUT';
  if (error.code === 'CANCELLED') return 'CANCELLED';
  return 'LLM_ERROR';
}

/** The answer for an error the pipeline threw (not a time limit or a cancel: see ask()). */
export function failureOf(error: unknown, rec: TraceRecorder, sql: string | null): AskResponse {
  if (error instanceof EngineError) return failure(error.code, error.message, rec, sql);
  if (error instanceof LlmError) {
    // The calls answered before the failure were billed: the run's cost cap counts them.
    rec.addUsage(error.usage);
    return failure(llmCode(error), error.message, rec, sql);
  }
  if (error instanceof DatasourceError) {
    const code =
      error.code === 'TIMEOUT'
        ? 'TIMEOUT'
        : error.code === 'CANCELLED'
          ? 'CANCELLED'
          : 'EXECUTION_ERROR';
    return failure(code, error.message, rec, sql);
  }
  const message = error instanceof Error ? error.message : String(error);
  return failure('INTERNAL_ERROR', `reference engine: ${message}`, rec, sql);
}
