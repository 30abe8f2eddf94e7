import { describe, expect, it } from 'vitest';
import {
  Nullable,
  StringEnum,
  schemaDocument,
  structuredOutputSchema,
  Type,
} from '../src/index.js';

const header = { id: 'https://example.org/test/answer.json', title: 'Answer' };

describe('structuredOutputSchema', () => {
  it('requires every key, keeps optional keys nullable and drops what strict mode rejects', () => {
    const doc = schemaDocument(
      Type.Object(
        {
          text: Type.String({ minLength: 1 }),
          tags: Type.Array(Type.String({ pattern: '^[a-z]+$' }), { minItems: 1 }),
          note: Type.Optional(Nullable(Type.String(), { description: 'Why.' })),
          mode: Type.Literal('short'),
        },
        { additionalProperties: false },
      ),
      header,
    );
    expect(structuredOutputSchema(doc)).toEqual({
      title: 'Answer',
      type: 'object',
      properties: {
        text: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { description: 'Why.', anyOf: [{ type: 'string' }, { type: 'null' }] },
        mode: { type: 'string', enum: ['short'] },
      },
      required: ['text', 'tags', 'note', 'mode'],
      additionalProperties: false,
    });
  });

  it('leaves nothing beside a $ref', () => {
    const M = Type.Module({
      A: Type.Object(
        { b: Type.Ref('B', { description: 'ignored by some providers' }) },
        { additionalProperties: false },
      ),
      B: Type.Object({ kind: StringEnum(['b']) }, { additionalProperties: false }),
    });
    const strict = structuredOutputSchema(schemaDocument(M.Import('A'), header));
    expect((strict.properties as Record<string, unknown>).b).toEqual({ $ref: '#/$defs/B' });
  });

  it('refuses an optional key that does not accept null, and an open object', () => {
    const optional = schemaDocument(
      Type.Object({ a: Type.Optional(Type.String()) }, { additionalProperties: false }),
      header,
    );
    expect(() => structuredOutputSchema(optional)).toThrow(/an optional key must accept null/);
    const open = schemaDocument(Type.Object({ a: Type.String() }), header);
    expect(() => structuredOutputSchema(open)).toThrow(/must be closed/);
  });
});
