// Shape validation with ajv against PLAN_JSON_SCHEMA. The published schema uses anyOf (what
// structured-output APIs accept), which makes ajv report every branch's failures. Validation
// runs on a derived copy instead: discriminated unions become oneOf + ajv's `discriminator`
// on `kind`, and nullable keys become if/else, so only the branch the plan chose reports.

import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import type { PlanError } from './plan-error.js';
import { type JsonSchema, PLAN_JSON_SCHEMA } from './plan-schema.js';

const defs = PLAN_JSON_SCHEMA.$defs as Record<string, JsonSchema>;

function refName(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const ref = (schema as JsonSchema).$ref;
  return typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice(8) : undefined;
}

/** The single `kind` value of a definition, if it is a branch of a discriminated union. */
function kindOfDef(name: string): string | undefined {
  const kind = (defs[name]?.properties as Record<string, JsonSchema> | undefined)?.kind;
  const values = kind?.enum;
  return Array.isArray(values) && values.length === 1 ? String(values[0]) : undefined;
}

function forValidation(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forValidation);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf)) {
    const { anyOf: _branches, ...rest } = node;
    const names = anyOf.map(refName);
    if (names.every((name) => name !== undefined && kindOfDef(name) !== undefined)) {
      return { ...rest, type: 'object', discriminator: { propertyName: 'kind' }, oneOf: anyOf };
    }
    // anyOf of bare primitive types: one `type` list reports one error, not one per type.
    const types = anyOf.map((b) => (b as JsonSchema).type);
    if (
      anyOf.every((b) => Object.keys(b as object).length === 1) &&
      types.every((t) => typeof t === 'string')
    ) {
      return { ...rest, type: types };
    }
    const nullIndex = anyOf.findIndex((b) => (b as JsonSchema).type === 'null');
    if (anyOf.length === 2 && nullIndex !== -1) {
      return { ...rest, if: { type: 'null' }, else: forValidation(anyOf[1 - nullIndex]) };
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // `properties` and `$defs` map names to schemas; everything else is a keyword.
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, forValidation(v)]),
      );
    } else if (key === 'items' || key === 'else') {
      out[key] = forValidation(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

let validator: ReturnType<Ajv2020['compile']> | undefined;

function compiled(): ReturnType<Ajv2020['compile']> {
  if (!validator) {
    const ajv = new Ajv2020({
      allErrors: true,
      strict: true,
      allowUnionTypes: true,
      discriminator: true,
      verbose: true,
    });
    validator = ajv.compile(forValidation(PLAN_JSON_SCHEMA) as object);
  }
  return validator;
}

function kindsOf(unionSchema: unknown): string[] {
  const oneOf = (unionSchema as JsonSchema | undefined)?.oneOf;
  if (!Array.isArray(oneOf)) return [];
  return oneOf.map((b) => kindOfDef(refName(b) ?? '') ?? '').filter((k) => k !== '');
}

/** One JSON pointer segment (RFC 6901): field names a plan invents may hold `/` or `~`. */
const segment = (key: unknown): string => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

function toPlanError(error: ErrorObject): PlanError {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        path: `${at}/${segment(params.missingProperty)}`,
        code: 'SHAPE',
        message: `missing required field '${String(params.missingProperty)}'`,
      };
    case 'additionalProperties': {
      const allowed = Object.keys(
        ((error.parentSchema as JsonSchema | undefined)?.properties as object | undefined) ?? {},
      );
      return {
        path: `${at}/${segment(params.additionalProperty)}`,
        code: 'SHAPE',
        message: `unknown field '${String(params.additionalProperty)}' (allowed: ${allowed.join(', ')})`,
      };
    }
    case 'discriminator': {
      const kinds = kindsOf(error.parentSchema).join(', ');
      const message =
        params.error === 'mapping'
          ? `unknown kind ${JSON.stringify(params.tagValue)} (expected one of: ${kinds})`
          : `missing or non-string 'kind' (expected one of: ${kinds})`;
      return { path: `${at}/kind`, code: 'SHAPE', message };
    }
    case 'enum':
      return {
        path: at,
        code: 'SHAPE',
        message: `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(error.data)}`,
      };
    case 'type':
      return {
        path: at,
        code: 'SHAPE',
        message: `must be ${String(params.type).replaceAll(',', ' or ')}; got ${error.data === null ? 'null' : Array.isArray(error.data) ? 'array' : typeof error.data}`,
      };
    default:
      return { path: at, code: 'SHAPE', message: error.message ?? `fails ${error.keyword}` };
  }
}

/** Shape errors of a candidate plan against PLAN_JSON_SCHEMA; empty when it is a PlanModel. */
export function planShapeErrors(plan: unknown): PlanError[] {
  const validate = compiled();
  if (validate(plan)) return [];
  const seen = new Set<string>();
  const out: PlanError[] = [];
  for (const error of validate.errors ?? []) {
    // if/else reports its own summary next to the branch's real errors.
    if (error.keyword === 'if') continue;
    const planError = toPlanError(error);
    const key = `${planError.path}\u0000${planError.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(planError);
    }
  }
  return out;
}
