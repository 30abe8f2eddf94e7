import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocolErrors } from '../src/engine-schema.js';
import {
  encodeLineRequest,
  LINE_REQUEST_JSON_SCHEMA,
  leadingId,
  readReplyLine,
} from '../src/line-protocol.js';

describe('line protocol', () => {
  it('encodes any request as one line that parses back to it and fits the request schema', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.string({ minLength: 1 }),
        (id, question) => {
          const request = { id, method: 'ask' as const, params: { question, role: 'admin' } };
          const line = encodeLineRequest(request);
          expect(line.indexOf('\n')).toBe(line.length - 1);
          expect(JSON.parse(line)).toEqual(request);
          expect(protocolErrors(LINE_REQUEST_JSON_SCHEMA, JSON.parse(line))).toEqual([]);
        },
      ),
    );
  });

  it('reads a result or an error reply', () => {
    expect(readReplyLine('{"id": 3, "result": {"a": 1}}')).toEqual({
      kind: 'reply',
      reply: { id: 3, result: { a: 1 } },
    });
    expect(readReplyLine('{"error": {"code": "X", "message": "m"}, "id": 4}')).toEqual({
      kind: 'reply',
      reply: { id: 4, error: { code: 'X', message: 'm' } },
    });
  });

  it.each([
    ['not JSON', 'Loading model...', undefined, 'not JSON'],
    ['no id', '{"result": 1}', undefined, 'not a reply'],
    [
      'both result and error',
      '{"id": 2, "result": 1, "error": {"code": "X", "message": ""}}',
      2,
      'not a reply',
    ],
    ['neither', '{"id": 2}', 2, 'not a reply'],
    ['a misspelt key', '{"id": 2, "results": 1}', 2, 'not a reply'],
    ['a bad error', '{"id": 2, "error": "boom"}', 2, 'not a reply'],
    ['an id that is not a positive integer', '{"id": "2", "result": 1}', undefined, 'not a reply'],
    ['an array', '[1]', undefined, 'not a reply'],
    ['null', 'null', undefined, 'not a reply'],
  ])('refuses %s, naming the id when it can', (_name, line, id, why) => {
    const read = readReplyLine(line);
    expect(read.kind).toBe('invalid');
    if (read.kind !== 'invalid') return;
    expect(read.id).toBe(id);
    expect(read.why).toContain(why);
  });

  it('finds the id of a long line only when it is the first key', () => {
    expect(leadingId('{"id": 12, "result": {"status": "succ')).toBe(12);
    expect(leadingId('  {  "id":7,"result"')).toBe(7);
    expect(leadingId('{"result": {"id": 12, "x": 1}, "id": 3')).toBeUndefined();
    expect(leadingId('{"id": 0, "result"')).toBeUndefined();
    expect(leadingId('{"id": 12')).toBeUndefined(); // cut before the comma: 12 could be 123
  });
});
