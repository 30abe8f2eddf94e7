import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AskResponse, EngineDescription, RetrieveRequest } from '../src/engine.js';
import {
  ASK_REQUEST_JSON_SCHEMA,
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_REQUEST_JSON_SCHEMA,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from '../src/engine-schema.js';
import { errorAnswer } from '../src/error-answer.js';

const ANSWER: AskResponse = {
  status: 'success',
  sql: 'SELECT 1',
  results: [
    { columns: ['x'], rows: [[1], [null], ['9007199254740993'], [true]], truncated: false },
  ],
  answer: 'One.',
  error: null,
  usage: [
    {
      node: 'planner',
      provider: 'openai',
      model: 'gpt-5.4',
      modelEchoed: null,
      input: 10,
      cached: 0,
      cacheWrite: 0,
      output: 5,
      reasoning: 0,
      latencyMs: 12.5,
      wire: 'responses',
    },
  ],
  trace: { nodes: [] },
  timing: { engine_ms: 3.2, attempts: 1 },
};

describe('the protocol documents', () => {
  it('accept values of their types', () => {
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, ANSWER)).toEqual([]);
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, errorAnswer('TIMEOUT', 'slow'))).toEqual([]);
    const request: RetrieveRequest = {
      question: 'q',
      datasource: 'chinook',
      fullSnapshotMaxTables: 0,
    };
    expect(protocolErrors(RETRIEVE_REQUEST_JSON_SCHEMA, request)).toEqual([]);
    const description: EngineDescription = { name: 'x', version: '1', models: { planner: 'm' } };
    expect(protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, description)).toEqual([]);
    expect(
      protocolErrors(RETRIEVE_RESPONSE_JSON_SCHEMA, { tables_sent: [], columns_sent: [] }),
    ).toEqual([]);
  });

  it('name the field at fault in the shared wording', () => {
    expect(
      protocolErrors(ASK_REQUEST_JSON_SCHEMA, { question: 'q', role: 'r', roles: [] }),
    ).toEqual([
      "roles: unknown field 'roles' (allowed: question, role, datasource, evidence, instructions, as_of_date)",
    ]);
    // What a case carries for the system under test (issue 26): optional, and checked.
    expect(
      protocolErrors(ASK_REQUEST_JSON_SCHEMA, {
        question: 'q',
        role: 'r',
        evidence: 'over 35 refers to age > 35',
        instructions: 'answer in one row',
        as_of_date: '2025-10-01',
      }),
    ).toEqual([]);
    expect(
      protocolErrors(ASK_REQUEST_JSON_SCHEMA, { question: 'q', role: 'r', as_of_date: 'today' }),
    ).toEqual(['as_of_date: must match pattern "^\\d{4}-\\d{2}-\\d{2}$"']);
    expect(protocolErrors(ASK_REQUEST_JSON_SCHEMA, { role: '' })).toEqual([
      "question: missing required field 'question'",
      'role: must NOT have fewer than 1 characters',
    ]);
    const bad = { ...ANSWER, results: [{ columns: ['x'], rows: [[{}]], truncated: 'no' }] };
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, bad)).toEqual([
      'results[0].rows[0][0]: must be null or number or string or boolean; got object',
      'results[0].truncated: must be boolean; got string',
    ]);
    expect(protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, { name: 'x', models: { a: 1 } })).toEqual(
      ["version: missing required field 'version'", 'models.a: must be string; got number'],
    );
  });

  it('hold an error status to an error and a success to none', () => {
    const refused = { ...ANSWER, status: 'error' };
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, refused)).not.toEqual([]);
    const failed = { ...errorAnswer('TIMEOUT', 'slow'), status: 'success' };
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, failed)).not.toEqual([]);
  });

  it('property: a reply missing any required field is refused at that field', () => {
    // `results` is optional: the harness runs the SQL itself (an engine may send no rows).
    const required = ['status', 'sql', 'answer', 'error', 'usage', 'trace'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...required), (field) => {
        const { [field]: _gone, ...rest } = ANSWER;
        expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, rest)).toContain(
          `${field}: missing required field '${field}'`,
        );
      }),
    );
  });

  it('a reply without rows is an AskResponse, and HttpEngine hands it on with no result sets', () => {
    const { results: _rows, ...sqlOnly } = ANSWER;
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, sqlOnly)).toEqual([]);
    // Rows that are sent must still be rows.
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, { ...ANSWER, results: [{}] })).not.toEqual([]);
  });

  it('refuse a document that is not one of the protocol', () => {
    expect(() => protocolErrors({ type: 'object' }, {})).toThrow(/protocol documents/);
  });
});
