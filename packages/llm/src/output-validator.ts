// Structured answers are checked against their JSON Schema with ajv before a node sees them;
// the error text is what goes back to the model in the one corrective retry.

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
const compiled = new WeakMap<object, ValidateFunction>();

export type OutputCheck = { ok: true; value: unknown } | { ok: false; errors: string[] };

function describe(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 20).map((e) => {
    const where = e.instancePath === '' ? '(root)' : e.instancePath;
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty?: unknown }).additionalProperty)})`
        : '';
    return `${where} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Parse (when text) and validate an answer against `schema`. */
export function checkOutput(
  schema: Record<string, unknown>,
  answer: { text: string; value?: unknown },
): OutputCheck {
  let value = answer.value;
  if (value === undefined) {
    try {
      value = JSON.parse(answer.text);
    } catch (error) {
      return {
        ok: false,
        errors: [`answer is not JSON: ${(error as Error).message}`],
      };
    }
  }
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return { ok: true, value };
  return { ok: false, errors: describe(validate.errors) };
}
