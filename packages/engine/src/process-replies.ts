// What a process engine's reply means to the evaluator: each request's outcome (line-requests.ts)
// turned into the Engine method's result, as HttpEngine turns an HTTP reply: an AskResponse
// whatever happened, a RetrieveResponse or an EngineError, an EngineDescription or `unknown`
// with the reason. The result is checked against the protocol's schema, and every message
// that may quote the engine passes through the redactor.

import type { Redactor } from '@nl2sql/redact';
import {
  type AskResponse,
  type EngineDescription,
  type RetrieveResponse,
  UNKNOWN_ENGINE,
} from './engine.js';
import { EngineError } from './engine-error.js';
import {
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';
import { errorAnswer } from './error-answer.js';
import { isErrorCode } from './error-codes.js';
import type { Outcome } from './line-requests.js';

/** Who answered (for messages) and what must never be shown. */
export interface ReplyContext {
  label: string;
  redactor: Redactor;
}

/** The answer to an ask; `started` is when the ask began (for the trace's total). */
export function askAnswer(outcome: Outcome, context: ReplyContext, started: number): AskResponse {
  const { label, redactor } = context;
  const failure = (code: string, message: string): AskResponse =>
    errorAnswer(code, redactor.redact(message), {
      trace: { transport: 'process', total_ms: performance.now() - started },
    });
  if (!outcome.ok) return failure(outcome.code, outcome.message);
  const { reply, ms } = outcome;
  if ('error' in reply) {
    // The engine could not serve the ask: its code is the answer's, as in an AskResponse.
    return { ...failure(reply.error.code, reply.error.message), timing: { engine_ms: ms } };
  }
  const problems = protocolErrors(ASK_RESPONSE_JSON_SCHEMA, reply.result);
  if (problems.length > 0) {
    return failure(
      'BAD_RESPONSE',
      `${label}: reply to ask #${reply.id} is not an AskResponse: ${problems.slice(0, 5).join('; ')}`,
    );
  }
  const answer = reply.result as AskResponse;
  return {
    ...answer,
    // Rows are optional on the wire: an engine may send only its SQL.
    results: answer.results ?? [],
    error: answer.error
      ? { ...answer.error, message: redactor.redact(answer.error.message) }
      : null,
    timing: { engine_ms: ms },
  };
}

/** The retrieval; throws EngineError (the transport's code, BAD_RESPONSE, or the engine's). */
export function retrieveAnswer(outcome: Outcome, context: ReplyContext): RetrieveResponse {
  const { label, redactor } = context;
  if (!outcome.ok) throw new EngineError(outcome.code, redactor.redact(outcome.message));
  const { reply } = outcome;
  if ('error' in reply) {
    const { code, message } = reply.error;
    const said = redactor.redact(`${label}: retrieve failed: ${code}: ${message}`);
    throw new EngineError(isErrorCode(code) ? code : 'BAD_RESPONSE', said);
  }
  const problems = protocolErrors(RETRIEVE_RESPONSE_JSON_SCHEMA, reply.result);
  if (problems.length > 0) {
    throw new EngineError(
      'BAD_RESPONSE',
      `${label}: reply to retrieve #${reply.id} is not a RetrieveResponse: ${problems.slice(0, 5).join('; ')}`,
    );
  }
  return reply.result as RetrieveResponse;
}

/** The engine's description, or name and version `unknown` with the reason; never throws. */
export function describeAnswer(outcome: Outcome, context: ReplyContext): EngineDescription {
  const { label, redactor } = context;
  const unknown = (why: string): EngineDescription => ({
    name: UNKNOWN_ENGINE,
    version: UNKNOWN_ENGINE,
    unavailable: redactor.redact(why),
  });
  if (!outcome.ok) return unknown(outcome.message);
  const { reply } = outcome;
  if ('error' in reply) {
    return unknown(`${label} answered describe with ${reply.error.code}: ${reply.error.message}`);
  }
  const problems = protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, reply.result);
  if (problems.length > 0) {
    return unknown(
      `${label}: reply to describe #${reply.id} is not an EngineDescription: ${problems.slice(0, 5).join('; ')}`,
    );
  }
  const { unavailable: _ignored, ...description } = reply.result as EngineDescription;
  return redactor.redactValue(description);
}
