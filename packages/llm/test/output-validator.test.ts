import { describe, expect, it } from 'vitest';
import { LlmConfigError } from '../src/llm-config.js';
import { checkOutput } from '../src/output-validator.js';

const schema = {
  type: 'object',
  properties: { n: { type: 'integer' } },
  required: ['n'],
  additionalProperties: false,
};

describe('checkOutput', () => {
  it('parses text and validates it', () => {
    expect(checkOutput(schema, { text: '{"n": 3}' })).toEqual({ ok: true, value: { n: 3 } });
  });

  it('uses a value the wire carried as such (tool input)', () => {
    expect(checkOutput(schema, { text: 'ignored', value: { n: 1 } })).toEqual({
      ok: true,
      value: { n: 1 },
    });
  });

  it('reports JSON errors and each schema error with its path', () => {
    const bad = checkOutput(schema, { text: '{"n": 3' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]).toMatch(/^answer is not JSON/);
    const wrong = checkOutput(schema, { text: '{"n": "3", "x": 1}' });
    expect(!wrong.ok && wrong.errors).toEqual([
      "x: unknown field 'x' (allowed: n)",
      'n: must be integer; got string',
    ]);
    const empty = checkOutput(schema, { text: '[]' });
    expect(!empty.ok && empty.errors).toEqual(['(root): must be object; got array']);
  });

  it('refuses a schema the shared validator cannot compile, as a config error', () => {
    const typo = { type: 'object', propertys: { n: { type: 'integer' } } };
    expect(() => checkOutput(typo, { text: '{}' })).toThrow(LlmConfigError);
    expect(() => checkOutput(typo, { text: '{}' })).toThrow(/propertys/);
  });

  it('accepts a draft-07 $schema marker', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' };
    expect(checkOutput(draft7, { text: '"a"' }).ok).toBe(true);
  });
});
