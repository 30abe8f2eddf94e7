// Structured answers are checked against their JSON Schema before a node sees them, by the
// project's one ajv setup (@nl2sql/format); the error text is what goes back to the model in
// the one corrective retry, each error at its field (`tables: must be array; got string`).

import {
  type DocumentValidator,
  documentValidator,
  fieldName,
  type JsonSchema,
} from '@nl2sql/format';
import { LlmConfigError } from './llm-config.js';

export type OutputCheck = { ok: true; value: unknown } | { ok: false; errors: string[] };

const validators = new WeakMap<object, DocumentValidator<unknown>>();

/**
 * The validator of an output schema, compiled once per schema object. The `$schema` marker
 * is dropped: a structured-output schema (draft-07 or 2020-12) is read as 2020-12, which
 * means the same for the keywords structured output allows. A schema the validator cannot
 * compile (an unknown keyword, a malformed one) is an LlmConfigError, raised before any call
 * is sent.
 */
export function outputValidator(schema: Record<string, unknown>): DocumentValidator<unknown> {
  let validator = validators.get(schema);
  if (!validator) {
    const { $schema: _marker, ...rest } = schema;
    const compiled = documentValidator(rest as JsonSchema);
    try {
      compiled.check(undefined);
    } catch (error) {
      throw new LlmConfigError(
        `output schema is not a JSON Schema the validator accepts: ${(error as Error).message}`,
      );
    }
    validator = compiled;
    validators.set(schema, validator);
  }
  return validator;
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
  const issues = outputValidator(schema).issues(value);
  if (issues.length === 0) return { ok: true, value };
  return {
    ok: false,
    errors: issues.slice(0, 20).map((i) => `${fieldName(i.path) || '(root)'}: ${i.message}`),
  };
}
