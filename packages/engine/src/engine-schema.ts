// JSON Schemas (2020-12) of the Engine protocol's messages, so a system written in any
// language can check what it sends, and HttpEngine can reject a reply that is not an answer.

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type Schema = Record<string, unknown>;

const strings: Schema = { type: 'array', items: { type: 'string' } };
const count: Schema = { type: 'number', minimum: 0 };

export const ASK_REQUEST_JSON_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/engine/ask-request.json',
  title: 'AskRequest',
  type: 'object',
  properties: {
    question: { type: 'string', minLength: 1 },
    role: { type: 'string', minLength: 1 },
    datasource: { type: 'string', minLength: 1 },
  },
  required: ['question', 'role'],
  additionalProperties: false,
};

export const ASK_RESPONSE_JSON_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/engine/ask-response.json',
  title: 'AskResponse',
  type: 'object',
  properties: {
    status: { enum: ['success', 'error', 'clarify'] },
    sql: { type: ['string', 'null'] },
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          columns: strings,
          rows: {
            type: 'array',
            items: { type: 'array', items: { type: ['null', 'number', 'string', 'boolean'] } },
          },
          truncated: { type: 'boolean' },
        },
        required: ['columns', 'rows', 'truncated'],
      },
    },
    answer: { type: ['string', 'null'] },
    error: {
      anyOf: [
        {
          type: 'object',
          properties: { code: { type: 'string', minLength: 1 }, message: { type: 'string' } },
          required: ['code', 'message'],
        },
        { type: 'null' },
      ],
    },
    usage: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          node: { type: 'string' },
          provider: { type: 'string' },
          model: { type: 'string' },
          input: count,
          cached: count,
          cacheWrite: count,
          output: count,
          reasoning: count,
        },
        required: [
          'node',
          'provider',
          'model',
          'input',
          'cached',
          'cacheWrite',
          'output',
          'reasoning',
        ],
      },
    },
    trace: { type: 'object' },
    timing: {
      type: 'object',
      properties: { engine_ms: count, attempts: { type: 'integer', minimum: 1 } },
      required: ['engine_ms'],
    },
  },
  required: ['status', 'sql', 'results', 'answer', 'error', 'usage', 'trace'],
  // An error status must carry an error; success must not (no if/then: a `then` key makes
  // the object a thenable).
  oneOf: [
    { properties: { status: { const: 'error' }, error: { type: 'object' } } },
    { properties: { status: { const: 'success' }, error: { type: 'null' } } },
    { properties: { status: { const: 'clarify' } } },
  ],
};

export const RETRIEVE_REQUEST_JSON_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/engine/retrieve-request.json',
  title: 'RetrieveRequest',
  type: 'object',
  properties: {
    question: { type: 'string', minLength: 1 },
    datasource: { type: 'string', minLength: 1 },
    role: { type: 'string' },
    fullSnapshotMaxTables: { type: 'integer', minimum: 0 },
  },
  required: ['question', 'datasource'],
  additionalProperties: false,
};

export const RETRIEVE_RESPONSE_JSON_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/engine/retrieve-response.json',
  title: 'RetrieveResponse',
  type: 'object',
  properties: {
    tables_sent: strings,
    columns_sent: strings,
    full_snapshot: { type: 'boolean' },
    relationships_sent: strings,
    selection_status: { enum: ['ready', 'no_candidates', 'ambiguous_path', 'no_authorized_path'] },
    selection_notes: strings,
    datasources: strings,
  },
  required: ['tables_sent', 'columns_sent'],
};

export const ENGINE_DESCRIPTION_JSON_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/engine/engine-description.json',
  title: 'EngineDescription',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    version: { type: 'string', minLength: 1 },
    models: { type: 'object', additionalProperties: { type: 'string' } },
    settings: { type: 'object' },
    unavailable: { type: 'string' },
  },
  required: ['name', 'version'],
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<Schema, ValidateFunction>();

/**
 * Check a value against one of the protocol schemas; returns the problems (empty when it
 * conforms), each as `path message`.
 */
export function protocolErrors(schema: Schema, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? e.keyword}`,
  );
}
