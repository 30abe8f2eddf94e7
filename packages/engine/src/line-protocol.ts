// The engine protocol as JSON lines, for an engine run as a child process (ProcessEngine):
// one request per line on the child's stdin, one reply per line on its stdout, matched by
// `id` because a reply may come before the replies to earlier requests. The messages inside
// (`params`, `result`) are the HTTP protocol's bodies unchanged, so one engine can serve both.

import type { Static } from '@nl2sql/format';
import {
  type LINE_METHODS,
  LINE_REPLY_JSON_SCHEMA,
  type LineReplySchema,
  type LineRequestSchema,
  protocolErrors,
} from './engine-schema.js';
import { lineExcerpt } from './line-excerpt.js';

// The messages are defined with the rest of the protocol (engine-schema.ts).
export { LINE_METHODS, LINE_REPLY_JSON_SCHEMA, LINE_REQUEST_JSON_SCHEMA } from './engine-schema.js';

export type LineMethod = (typeof LINE_METHODS)[number];

/** One line on the engine's stdin. `id` is a positive integer, unique within the process. */
export type LineRequest = Static<typeof LineRequestSchema>;

/**
 * One line on the engine's stdout: the request's `id` and either `result` (an AskResponse,
 * a RetrieveResponse or an EngineDescription) or `error` (the request could not be served).
 */
export type LineReply = Static<typeof LineReplySchema>;

/** A reply line read: a reply, or a line that is not one (and the id it names, if any). */
export type ReadLine =
  | { kind: 'reply'; reply: LineReply }
  | { kind: 'invalid'; id: number | undefined; why: string };

/** The request as one line, newline included. JSON.stringify escapes every newline inside. */
export function encodeLineRequest(request: LineRequest): string {
  return `${JSON.stringify(request)}\n`;
}

/** A line from the engine's stdout (without its newline) read as a reply. */
export function readReplyLine(line: string): ReadLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return {
      kind: 'invalid',
      id: undefined,
      why: `a line that is not JSON: "${lineExcerpt(line)}"`,
    };
  }
  const problems = protocolErrors(LINE_REPLY_JSON_SCHEMA, value);
  if (problems.length === 0) return { kind: 'reply', reply: value as LineReply };
  const id = (value as { id?: unknown } | null)?.id;
  return {
    kind: 'invalid',
    id: Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined,
    why: `a line that is not a reply (${problems.slice(0, 3).join('; ')}): "${lineExcerpt(line)}"`,
  };
}

/**
 * The id of a reply line too long to read, from its first bytes, if `id` is its first key
 * (as `{"id": 7, "result": ...}` is when written in that order). Only then is the line
 * surely the reply to that request; anything else is not attributed.
 */
export function leadingId(prefix: string): number | undefined {
  const match = /^\s*\{\s*"id"\s*:\s*([1-9][0-9]{0,15})\s*,/.exec(prefix);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : undefined;
}
