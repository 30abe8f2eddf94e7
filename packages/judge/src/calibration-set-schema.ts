// The calibration set's format as JSON Schema (2020-12), checked with ajv when a set loads.

export const CALIBRATION_SET_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/judge-calibration-set.json',
  type: 'object',
  required: ['name', 'version', 'database', 'dialect', 'pairs'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1 },
    version: { type: 'integer', minimum: 1 },
    database: { type: 'string', minLength: 1 },
    dialect: { enum: ['sqlite', 'postgres'] },
    description: { type: 'string' },
    assumptions: { type: 'array', items: { type: 'string', minLength: 1 } },
    pairs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: [
          'id',
          'question',
          'category',
          'label',
          'order_matters',
          'gold',
          'candidate',
          'reason',
        ],
        additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
          case: { type: 'string', minLength: 1 },
          question: { type: 'string', minLength: 1 },
          category: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          label: { enum: ['equivalent', 'not_equivalent'] },
          order_matters: { type: 'boolean' },
          gold: { type: 'string', minLength: 1 },
          candidate: { type: 'string', minLength: 1 },
          reason: { type: 'string', minLength: 10 },
          witness: { type: 'string', minLength: 1 },
        },
      },
    },
  },
} as const;
