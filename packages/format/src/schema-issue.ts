// ajv's errors as issues: each one names the field at fault by its path and says what is
// wrong in the format's words. A missing or unknown key is reported at the key itself.

import type { ErrorObject } from 'ajv';
import { type FieldPath, pointerPath } from './field-path.js';
import { DEFAULT_PHRASING, type IssuePhrasing } from './issue-phrasing.js';
import type { JsonSchema } from './json-schema.js';
import { kindsOfUnion, nullableUnionBranches } from './validation-schema.js';

/** One way a value breaks its format. */
export interface SchemaIssue {
  /**
   * The field at fault, from the root. For a missing or unknown key it ends with that key
   * (the object holding it exists; the key itself may not).
   */
  readonly path: FieldPath;
  /** The JSON Schema keyword that failed (`required`, `enum`, `type`, ...). */
  readonly keyword: string;
  /** What is wrong, without the place. */
  readonly message: string;
}

function issueOf(error: ErrorObject, phrasing: IssuePhrasing): SchemaIssue {
  const at = pointerPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      return { path: [...at, field], keyword: 'required', message: phrasing.required(field) };
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const properties = (error.parentSchema as JsonSchema | undefined)?.properties;
      const allowed = Object.keys((properties as object | undefined) ?? {});
      return {
        path: [...at, field],
        keyword: error.keyword,
        message: phrasing.additionalProperties(field, allowed),
      };
    }
    case 'discriminator': {
      const property = String(params.tag);
      const kinds = kindsOfUnion(error.parentSchema);
      // The value found under the property: undefined when it is missing.
      const data = error.data as Record<string, unknown> | null | undefined;
      const value = data !== null && typeof data === 'object' ? data[property] : params.tagValue;
      return {
        path: [...at, property],
        keyword: error.keyword,
        message: phrasing.discriminator(property, kinds, value),
      };
    }
    case 'enum':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.enum(params.allowedValues as unknown[], error.data),
      };
    case 'const':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.const(params.allowedValue, error.data),
      };
    case 'type': {
      const type = params.type;
      const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
      return { path: at, keyword: error.keyword, message: phrasing.type(types, error.data) };
    }
    case 'dependentRequired':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.dependentRequired(
          String(params.property),
          String(params.missingProperty),
        ),
      };
    case 'uniqueItems':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.uniqueItems(Number(params.j), Number(params.i)),
      };
    case 'minLength':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.minLength(Number(params.limit), String(error.data)),
      };
    case 'pattern':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.pattern(String(params.pattern), String(error.data)),
      };
    case 'minimum':
    case 'maximum':
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing[error.keyword](Number(params.limit), Number(error.data)),
      };
    default:
      return {
        path: at,
        keyword: error.keyword,
        message: phrasing.other(error.keyword, error.message ?? ''),
      };
  }
}

/**
 * ajv's errors as issues, in ajv's order, each once. `if` reports only that its `else`
 * failed, next to the real errors of the `else`, so it is left out. Where the if-else is a
 * nullable union (validation-schema.ts), the `else` is the closest branch of a value that is
 * not null, and a value of neither type is told the union's branches when the phrasing has
 * words for it (`must be null or rate`); without them the schema's type error stands.
 */
export function schemaIssues(
  errors: readonly ErrorObject[],
  phrasing: IssuePhrasing = DEFAULT_PHRASING,
): SchemaIssue[] {
  // Each issue with the index of the error it came from.
  const found: { readonly issue: SchemaIssue; readonly from: number }[] = [];
  errors.forEach((error, index) => {
    if (error.keyword === 'if') {
      const branches = nullableUnionBranches(error.parentSchema);
      if (branches && phrasing.union) {
        // The else branch's errors about the value itself come just before its `if` error.
        let first = index;
        while (first > 0 && errors[first - 1]?.instancePath === error.instancePath) first -= 1;
        const run = errors.slice(first, index);
        if (run.some((e) => e.keyword === 'type')) {
          while (found.length > 0 && (found.at(-1)?.from ?? -1) >= first) found.pop();
          const message = phrasing.union(branches, error.data);
          const path = pointerPath(error.instancePath);
          found.push({ issue: { path, keyword: 'type', message }, from: index });
        }
      }
      return;
    }
    found.push({ issue: issueOf(error, phrasing), from: index });
  });
  const seen = new Set<string>();
  const out: SchemaIssue[] = [];
  for (const { issue } of found) {
    const key = `${JSON.stringify(issue.path)}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}

/**
 * `issues` where a field whose value is of the wrong type has that one issue: its enum or
 * const (`must be one of ...`) would only say again that the value is wrong. For a format
 * that lists every issue of a file; one whose reader is helped by the values allowed (an
 * LLM correcting a plan) keeps both.
 */
export function singleTypeIssue<I extends SchemaIssue>(issues: readonly I[]): I[] {
  const mistyped = new Set(
    issues.filter((i) => i.keyword === 'type').map((i) => JSON.stringify(i.path)),
  );
  return issues.filter((i) => i.keyword === 'type' || !mistyped.has(JSON.stringify(i.path)));
}

/** The most specific issue: the deepest path, the first of equals. */
export function mostSpecificIssue(issues: readonly SchemaIssue[]): SchemaIssue | undefined {
  let best: SchemaIssue | undefined;
  for (const issue of issues) if (!best || issue.path.length > best.path.length) best = issue;
  return best;
}
