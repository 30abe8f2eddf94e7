// Reading a suite: YAML (with line positions) -> JSON Schema (ajv) -> EvalSuite. The first
// problem found is thrown as a SuiteFormatError naming file, line, case id and field.

import { readFile } from 'node:fs/promises';
import { PLAN_JSON_SCHEMA } from '@nl2sql/plan';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { isNode, LineCounter, type Node, parseDocument } from 'yaml';
import type { EvalSuite } from './case.js';
import { SuiteFormatError } from './suite-format-error.js';
import { SUITE_JSON_SCHEMA } from './suite-schema.js';

let validator: ValidateFunction | undefined;

function validate(): ValidateFunction {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addSchema(PLAN_JSON_SCHEMA);
    validator = ajv.compile(SUITE_JSON_SCHEMA);
  }
  return validator;
}

/** `/cases/3/plan/select/0` -> ['cases', 3, 'plan', 'select', 0]. */
function pointerPath(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** ['tags', 2] -> `tags[2]`; ['plan', 'select', 0, 'expr'] -> `plan.select[0].expr`. */
function fieldName(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return `missing required field '${String(e.params.missingProperty)}'`;
    case 'additionalProperties':
      return `unknown field '${String(e.params.additionalProperty)}'`;
    case 'enum':
      return `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(e.params.allowedValue)}`;
    case 'dependentRequired':
      return `'${String(e.params.property)}' needs '${String(e.params.missingProperty)}'`;
    case 'uniqueItems':
      return `items ${String(e.params.j)} and ${String(e.params.i)} are the same`;
    default:
      return e.message ?? e.keyword;
  }
}

/**
 * The most specific error. A plan node is a union told apart by `kind`, so ajv reports every
 * branch; a `kind` mismatch is noise when the node has a deeper error in its own branch.
 * Among what is left the deepest path wins, so a bad plan node beats "plan is invalid".
 */
function pickError(errors: readonly ErrorObject[]): ErrorObject {
  const isKind = (e: ErrorObject) => e.instancePath.endsWith('/kind');
  const parent = (e: ErrorObject) => e.instancePath.slice(0, e.instancePath.lastIndexOf('/'));
  const useful = errors.filter(
    (e) =>
      !isKind(e) || !errors.some((o) => !isKind(o) && o.instancePath.startsWith(`${parent(e)}/`)),
  );
  const depth = (x: ErrorObject) => pointerPath(x.instancePath).length;
  let best = useful[0] as ErrorObject;
  for (const e of useful) if (depth(e) > depth(best)) best = e;
  if (best.keyword !== 'enum') return best;
  // Every branch's allowed values for the same field, in one message.
  const allowed = new Set<unknown>();
  for (const e of useful) {
    if (e.keyword === 'enum' && e.instancePath === best.instancePath)
      for (const v of e.params.allowedValues as unknown[]) allowed.add(v);
  }
  return { ...best, params: { allowedValues: [...allowed] } };
}

/** Parses suite text; `file` is used in error messages only. */
export function parseSuite(text: string, file: string): EvalSuite {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = lineCounter.linePos(yamlError.pos[0]);
    throw new SuiteFormatError('SUITE_YAML', yamlError.message.split('\n')[0] ?? 'invalid YAML', {
      file,
      line: pos.line,
      column: pos.col,
    });
  }
  const data: unknown = doc.toJS({ maxAliasCount: 0 });
  const check = validate();
  if (check(data)) return data as unknown as EvalSuite;

  const error = pickError(check.errors ?? []);
  const path = pointerPath(error.instancePath);
  // A missing or unknown key is reported at the object holding it, under that key's name.
  const named =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : error.keyword === 'additionalProperties'
        ? String(error.params.additionalProperty)
        : undefined;
  let node: unknown = doc.getIn(path, true);
  if (error.keyword === 'additionalProperties' && named !== undefined) {
    const child = doc.getIn([...path, named], true);
    if (isNode(child)) node = child;
  }
  const range = isNode(node) ? (node as Node).range : undefined;
  const pos = range ? lineCounter.linePos(range[0]) : undefined;

  let caseId: string | undefined;
  let fieldPath = path;
  if (path[0] === 'cases' && typeof path[1] === 'number') {
    const id = doc.getIn(['cases', path[1], 'id']);
    caseId = typeof id === 'string' ? id : `#${path[1] + 1}`;
    fieldPath = path.slice(2);
  }
  const field = named !== undefined ? fieldName([...fieldPath, named]) : fieldName(fieldPath);
  throw new SuiteFormatError('SUITE_SCHEMA', describe(error), {
    file,
    ...(pos ? { line: pos.line, column: pos.col } : {}),
    ...(caseId !== undefined ? { caseId } : {}),
    field,
  });
}

/** Reads and checks a suite file. Throws SuiteFormatError. */
export async function loadSuite(path: string): Promise<EvalSuite> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SuiteFormatError('SUITE_READ', `cannot read the suite: ${reason}`, { file: path });
  }
  return parseSuite(text, path);
}
