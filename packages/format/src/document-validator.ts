// The one ajv setup of the project. Every format's document is compiled by the same ajv
// instance with the same options, from its validation copy (validation-schema.ts), and its
// errors go through the same formatter (schema-issue.ts).

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { IssuePhrasing } from './issue-phrasing.js';
import type { JsonSchema } from './json-schema.js';
import { DECIDING_OPTIONS, precompiledValidator } from './precompiled-validators.js';
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

/**
 * One ajv instance and the documents given to it. Two exist: `listing` compiles what reports
 * a file's problems (every error, each with its value), `deciding` the same documents with
 * the same keywords but stopping at the first error, which ajv compiles in about half the
 * time. Whether a value is in the format does not depend on how errors are collected, so
 * `check` and a value in the format never compile the listing validator at all.
 */
interface Compiler {
  readonly ajv: Ajv2020;
  /** Documents already given to ajv by $id, to refuse two different documents under one id. */
  readonly registered: Map<string, JsonSchema>;
  readonly anonymous: WeakMap<JsonSchema, ValidateFunction>;
}

/**
 * The options every format is compiled with: strict (a schema keyword ajv does not know is a
 * bug in the definition, not something to ignore), unions of types, and `discriminator` for
 * unions told apart by `kind`; for listing, all errors (a file's problems are listed, not
 * found one run at a time) and `verbose` so errors carry the value they are about. No
 * `format` keyword is used: patterns say exactly what is accepted and name it in the message.
 */
function compilerOf(listing: boolean): Compiler {
  return {
    // Deciding only says yes or no (DECIDING_OPTIONS: no inlined references, no optimised
    // code, which halves the compile). Listing keeps ajv's defaults, which its errors' paths
    // are read with.
    ajv: new Ajv2020(
      listing
        ? {
            allErrors: true,
            strict: true,
            allowUnionTypes: true,
            discriminator: true,
            verbose: true,
          }
        : DECIDING_OPTIONS,
    ),
    registered: new Map(),
    anonymous: new WeakMap(),
  };
}

const compilers: { deciding?: Compiler; listing?: Compiler } = {};
const compiler = (kind: 'deciding' | 'listing'): Compiler =>
  (compilers[kind] ??= compilerOf(kind === 'listing'));

function register(to: Compiler, document: JsonSchema): void {
  const id = document.$id;
  if (typeof id !== 'string') throw new Error('a referenced schema document needs an $id');
  const known = to.registered.get(id);
  if (known === document) return;
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(document)) {
    throw new Error(`two different schema documents have the $id ${id}`);
  }
  if (known === undefined) {
    to.ajv.addSchema(validationSchema(document));
    to.registered.set(id, document);
  }
}

function compiled(
  to: Compiler,
  document: JsonSchema,
  references: readonly JsonSchema[],
): ValidateFunction {
  for (const reference of references) register(to, reference);
  if (typeof document.$id !== 'string') {
    let validate = to.anonymous.get(document);
    if (!validate) {
      validate = to.ajv.compile(validationSchema(document));
      to.anonymous.set(document, validate);
    }
    return validate;
  }
  register(to, document);
  const validate = to.ajv.getSchema(document.$id);
  if (!validate) throw new Error(`ajv lost the schema ${document.$id}`);
  return validate;
}

/**
 * A validator for `document`; `references` are the documents it refers to by `$id`.
 * Compiled on first use, once per process: the deciding validator for every value, the
 * listing one only when a value is not in the format and its issues are asked for.
 */
export function documentValidator<T = unknown>(
  document: JsonSchema,
  references: readonly JsonSchema[] = [],
): DocumentValidator<T> {
  let decide: ValidateFunction | undefined;
  let list: ValidateFunction | undefined;
  const decides = (value: unknown) => {
    // compiled at the build when a bundle registered it (precompiled-validators.ts)
    decide ??=
      precompiledValidator({ document, references }) ??
      compiled(compiler('deciding'), document, references);
    return decide(value) === true;
  };
  return {
    document,
    check: (value: unknown): value is T => decides(value),
    issues(value, phrasing) {
      if (decides(value)) return [];
      list ??= compiled(compiler('listing'), document, references);
      // The two validators compile one document: a disagreement is a bug in ajv, not a pass.
      if (list(value)) throw new Error(`the validators of ${document.$id ?? 'a schema'} disagree`);
      return schemaIssues(list.errors ?? [], phrasing);
    },
  };
}
