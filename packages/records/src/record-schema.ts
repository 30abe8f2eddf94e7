/**
 * The JSON Schema (2020-12) of record format 2. It is the one source of truth for the
 * format's shape: `validateRecord` interprets it, and it is exported so other tools (an
 * editor, a Python reader) can check records without this package. Nested objects the
 * runner may grow (settings, case records, metrics) allow extra properties; the record's
 * top level and its identity objects do not, so a misspelt field is caught.
 */

import { RECORD_KINDS } from './run-mode.js';

const nonEmpty = { type: 'string', minLength: 1 } as const;
const count = { type: 'integer', minimum: 0 } as const;
const share = { type: 'number', minimum: 0, maximum: 1 } as const;
const amount = { type: 'number', minimum: 0 } as const;
const status = { enum: ['pass', 'fail', 'error'] } as const;

/** The top-level fields of a record, in the spec's order (files are written in this order). */
export const RECORD_FIELDS = [
  'schema',
  'kind',
  'recorded_at',
  'engine_version',
  'git_commit',
  'git_dirty',
  'note',
  'dataset',
  'database',
  'config',
  'engine',
  'metrics',
  'scoreboard',
] as const;

/** The fields every record has; `engine` only kind `engine` (see validate-record.ts). */
const REQUIRED_FIELDS = RECORD_FIELDS.filter((field) => field !== 'engine');

export const recordSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/record-2.json',
  title: 'nl2sql-evals result record, format 2',
  type: 'object',
  additionalProperties: false,
  required: REQUIRED_FIELDS,
  properties: {
    schema: { const: 2 },
    kind: { enum: [...RECORD_KINDS] },
    recorded_at: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z$',
    },
    engine_version: nonEmpty,
    git_commit: { type: 'string', pattern: '^([0-9a-f]{7,64}|unknown)$' },
    git_dirty: { type: ['boolean', 'string'], enum: [true, false, 'unknown'] },
    note: { type: ['string', 'null'] },
    dataset: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'digest'],
      properties: { name: nonEmpty, digest: nonEmpty },
    },
    database: {
      type: 'object',
      additionalProperties: false,
      required: ['datasource_id', 'engine', 'schema_fingerprint', 'tables', 'columns'],
      properties: {
        datasource_id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' },
        engine: nonEmpty,
        schema_fingerprint: nonEmpty,
        tables: count,
        columns: count,
      },
    },
    config: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'nodes'],
      properties: {
        name: nonEmpty,
        nodes: { type: 'object', additionalProperties: nonEmpty },
      },
    },
    metrics: { type: 'object' },
    scoreboard: { $ref: '#/$defs/scoreboard' },
    engine: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version', 'models'],
      properties: {
        name: nonEmpty,
        version: nonEmpty,
        models: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
      },
    },
  },
  // `required` so a record missing `kind` is not read as a retrieval record. A record of
  // kind engine scored in mode retrieval has retrieval metrics too.
  if: {
    anyOf: [
      { required: ['kind'], properties: { kind: { const: 'retrieval' } } },
      {
        required: ['kind', 'scoreboard'],
        properties: {
          kind: { const: 'engine' },
          scoreboard: {
            required: ['settings'],
            properties: {
              settings: { required: ['mode'], properties: { mode: { const: 'retrieval' } } },
            },
          },
        },
      },
    ],
  },
  // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword
  then: { properties: { metrics: { $ref: '#/$defs/retrievalMetrics' } } },
  else: { properties: { metrics: { $ref: '#/$defs/runMetrics' } } },
  $defs: {
    rate: {
      type: 'object',
      required: ['count', 'total', 'rate'],
      properties: { count, total: count, rate: share },
    },
    accuracy: {
      type: 'object',
      required: ['count', 'total', 'rate', 'lower', 'upper'],
      properties: { count, total: count, rate: share, lower: share, upper: share },
    },
    runMetrics: {
      type: 'object',
      required: [
        'accuracy',
        'accuracy_all_scorers',
        'accuracy_generated',
        'pass_k',
        'answerability',
        'dollars',
        'tokens',
        'latency',
        'determinism',
        'faithfulness',
      ],
      properties: {
        accuracy: {
          type: 'object',
          required: ['execution'],
          properties: {
            execution: {
              type: 'object',
              required: ['strict', 'lenient'],
              properties: {
                strict: { $ref: '#/$defs/accuracy' },
                lenient: { $ref: '#/$defs/accuracy' },
              },
            },
          },
        },
        accuracy_all_scorers: { $ref: '#/$defs/rate' },
        accuracy_generated: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/rate' }] },
        pass_k: {
          type: ['object', 'null'],
          required: ['k', 'strict', 'lenient'],
          properties: {
            k: { type: 'integer', minimum: 2 },
            strict: { $ref: '#/$defs/rate' },
            lenient: { $ref: '#/$defs/rate' },
          },
        },
        answerability: { $ref: '#/$defs/rate' },
        dollars: {
          type: 'object',
          required: ['total', 'per_case_run'],
          properties: { total: amount, per_case_run: amount, unfinished: amount },
        },
        tokens: {
          type: 'object',
          required: ['input', 'cached_input', 'cache_write', 'output', 'reasoning'],
          properties: {
            input: count,
            cached_input: count,
            cache_write: count,
            output: count,
            reasoning: count,
          },
        },
        latency: {
          type: 'object',
          required: ['p50_ms', 'p95_ms'],
          properties: { p50_ms: amount, p95_ms: amount },
        },
        suspect: { $ref: '#/$defs/rate' },
        diagnostics: {
          type: 'object',
          required: [
            'by_difficulty',
            'by_tag',
            'failures',
            'error_classes',
            'empty_matches',
            'test_suite',
            'verdict',
          ],
          properties: {
            by_difficulty: { type: 'object', additionalProperties: { $ref: '#/$defs/accuracy' } },
            by_tag: { type: 'object', additionalProperties: { $ref: '#/$defs/accuracy' } },
            failures: count,
            filter_value_accuracy: { $ref: '#/$defs/accuracy' },
            id_accuracy: { $ref: '#/$defs/accuracy' },
            test_suite: {
              type: ['object', 'null'],
              required: ['strict', 'lenient', 'false_positives'],
              properties: {
                strict: { $ref: '#/$defs/accuracy' },
                lenient: { $ref: '#/$defs/accuracy' },
                false_positives: { type: 'array' },
              },
            },
          },
        },
        harness_overhead: {
          type: 'object',
          required: ['p50_ms', 'p95_ms'],
          properties: { p50_ms: amount, p95_ms: amount },
        },
        determinism: {
          type: ['object', 'null'],
          required: ['cases', 'deterministic', 'rate'],
          properties: { cases: count, deterministic: count, rate: share },
        },
        faithfulness: {
          type: ['object', 'null'],
          required: ['answers', 'faithful', 'rate', 'unfaithful'],
          properties: {
            answers: count,
            faithful: count,
            rate: share,
            unfaithful: {
              type: 'array',
              items: {
                type: 'object',
                required: [
                  'case_id',
                  'role',
                  'pass',
                  'unsupported_numbers',
                  'unsupported_entities',
                ],
                properties: {
                  case_id: nonEmpty,
                  role: { type: ['string', 'null'] },
                  pass: { type: 'integer', minimum: 1 },
                  unsupported_numbers: { type: 'array', items: { type: 'string' } },
                  unsupported_entities: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    retrievalMetrics: {
      type: 'object',
      required: ['retrieval'],
      properties: {
        retrieval: {
          type: 'object',
          required: [
            'cases',
            'table_recall',
            'column_recall',
            'perfect_tables',
            'perfect_columns',
            'tables_sent',
            'columns_sent',
            'routing',
          ],
          properties: {
            cases: count,
            table_recall: share,
            column_recall: share,
            perfect_tables: count,
            perfect_columns: count,
            tables_sent: amount,
            columns_sent: amount,
            routing: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/rate' }] },
            relationships_recall: { anyOf: [{ type: 'null' }, share] },
            element_recall: { anyOf: [{ type: 'null' }, share] },
            complete: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/rate' }] },
            reference_matches: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/rate' }] },
            boundary_as_expected: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/rate' }] },
          },
        },
      },
    },
    scoreboard: {
      type: 'object',
      required: ['planned_cases', 'completed_cases', 'stopped', 'settings', 'cases'],
      properties: {
        planned_cases: count,
        completed_cases: count,
        stopped: { enum: ['max_cost', 'cancelled', null] },
        settings: {
          type: 'object',
          required: ['roles', 'curated', 'passes', 'max_cost_usd'],
          properties: {
            roles: { type: 'array', items: nonEmpty },
            curated: { type: 'boolean' },
            passes: { type: 'integer', minimum: 1 },
            max_cost_usd: { type: ['number', 'null'], minimum: 0 },
            retrieval: { type: ['object', 'null'] },
            mode: { enum: ['plans', 'full', 'retrieval'] },
          },
        },
        cases: { type: 'array', items: { $ref: '#/$defs/caseRecord' } },
      },
    },
    caseRecord: {
      type: 'object',
      required: ['case_id', 'role', 'pass', 'status', 'lenient_status'],
      properties: {
        case_id: nonEmpty,
        role: { type: ['string', 'null'], minLength: 1 },
        pass: { type: 'integer', minimum: 1 },
        status,
        lenient_status: status,
        generated_status: { enum: ['pass', 'fail', 'error', null] },
        sql: { type: ['string', 'null'] },
        rows_digest: { type: ['string', 'null'] },
        cost_usd: { type: ['number', 'null'], minimum: 0 },
        latency_ms: { type: ['number', 'null'], minimum: 0 },
        harness_ms: { type: ['number', 'null'], minimum: 0 },
        suspect: { type: ['string', 'null'] },
        diagnostics: {
          type: ['object', 'null'],
          required: ['normalized_match', 'difficulty', 'error_class', 'empty_match', 'verdict'],
          properties: {
            normalized_match: { type: ['boolean', 'null'] },
            ast_similarity: { type: ['number', 'null'], minimum: 0, maximum: 1 },
            difficulty: { enum: ['simple', 'moderate', 'complex', null] },
            error_class: { type: ['string', 'null'] },
            empty_match: { type: 'boolean' },
            verdict: {
              type: ['object', 'null'],
              required: ['pass', 'tier', 'outcome', 'reason'],
              properties: {
                pass: { type: 'boolean' },
                tier: { enum: ['ast', 'execution', 'judge'] },
                outcome: nonEmpty,
                reason: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
} as const;
