// The one ajv setup of the project. Every format's document is compiled by the same ajv
// instance with the same options, from its validation copy (validation-schema.ts), and its
// errors go through the same formatter (schema-issue.ts).

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { IssuePhrasing } from './issue-phrasing.js';
import type { JsonSchema } from './json-schema.js';
import { type SchemaIssue, schemaIssues } from './schema-issue.js';
import { validationSchema } from './validation-schema.js';

/** Checks values against one JSON Schema document. */
export interface DocumentValidator<T> {
  readonly document: JsonSchema;
  /** True when `value` is in the format. */
  check(value: unknown): value is T;
  /** Every way `value` breaks the format, in document order; [] when it is in the format. */
  issues(value: unknown, phrasing?: IssuePhrasing): SchemaIssue[];
}

let shared: Ajv2020 | undefined;

/**
 * The options every format is compiled with: all errors (a file's problems are listed, not
 * found one run at a time), strict (a schema keyword ajv does not know is a bug in the
 * definition, not something to ignore), unions of types, `discriminator` for unions told
 * apart by `kind`, and `verbose` so errors carry the value they are about. No `format`
 * keyword is used: patterns say exactly what is accepted and name it in the message.
 */
function ajv(): Ajv2020 {
  shared ??= new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    discriminator: true,
    verbose: true,
  });
  return shared;
}

// Documents already given to ajv by $id, to refuse two different documents under one id.
const registered = new Map<string, JsonSchema>();
const anonymous = new WeakMap<JsonSchema, ValidateFunction>();

function register(document: JsonSchema): void {
  const id = document.$id;
  if (typeof id !== 'string') throw new Error('a referenced schema document needs an $id');
  const known = registered.get(id);
  if (known === document) return;
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(document)) {
    throw new Error(`two different schema documents have the $id ${id}`);
  }
  if (known === undefined) {
    ajv().addSchema(validationSchema(document));
    registered.set(id, document);
  }
}

function compiled(document: JsonSchema, references: readonly JsonSchema[]): ValidateFunction {
  for (const reference of references) register(reference);
  if (typeof document.$id !== 'string') {
    let validate = anonymous.get(document);
    if (!validate) {
      validate = ajv().compile(validationSchema(document));
      anonymous.set(document, validate);
    }
    return validate;
  }
  register(document);
  const validate = ajv().getSchema(document.$id);
  if (!validate) throw new Error(`ajv lost the schema ${document.$id}`);
  return validate;
}

/**
 * A validator for `document`; `references` are the documents it refers to by `$id`.
 * Compiled on first use, once per process.
 */
export function documentValidator<T = unknown>(
  document: JsonSchema,
  references: readonly JsonSchema[] = [],
): DocumentValidator<T> {
  let validate: ValidateFunction | undefined;
  const get = () => {
    validate ??= compiled(document, references);
    return validate;
  };
  return {
    document,
    check: (value: unknown): value is T => get()(value) === true,
    issues(value, phrasing) {
      const run = get();
      if (run(value)) return [];
      return schemaIssues(run.errors ?? [], phrasing);
    },
  };
}
