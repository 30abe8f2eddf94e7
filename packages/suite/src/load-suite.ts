// Reading a suite: size check -> YAML (with line positions) -> JSON Schema (ajv) -> EvalSuite.
// The first problem found is thrown as a SuiteFormatError naming file, line, case id and
// field. Each case's line is remembered (source-location.ts) for lint and run admission.

import { readFile, stat } from 'node:fs/promises';
import { PLAN_JSON_SCHEMA } from '@nl2sql/plan';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import {
  type Alias,
  type Document,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  visit,
} from 'yaml';
import type { EvalSuite } from './case.js';
import { rememberLocation } from './source-location.js';
import { SuiteFormatError } from './suite-format-error.js';
import { SUITE_JSON_SCHEMA } from './suite-schema.js';

/**
 * The largest suite file read by default: 32 MiB. A realistic 10,000-case suite (the Chinook
 * cases' mix of SQL, rows and plans) is about 16 MB; the YAML parser holds roughly 75 bytes
 * of memory per byte of input, so a 62 MB suite ran out of Node's default 4 GB heap. Above
 * the limit the file is refused before it is parsed (decisions/suite-size-limit.md).
 */
export const SUITE_MAX_BYTES = 32 * 1024 * 1024;

export interface LoadSuiteOptions {
  /** Refuse a suite larger than this many bytes, before parsing (default SUITE_MAX_BYTES). */
  maxBytes?: number;
}

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

function assertSize(bytes: number, options: LoadSuiteOptions, file: string): void {
  const max = options.maxBytes ?? SUITE_MAX_BYTES;
  if (bytes > max) {
    throw new SuiteFormatError(
      'SUITE_TOO_LARGE',
      `the suite is ${mib(bytes)}, above the ${mib(max)} limit; it was not read (raise the limit only with the memory to parse it: about 75 bytes per byte)`,
      { file },
    );
  }
}

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

/**
 * Where each case and plan note starts, and the line of each of its keys. Ajv has accepted
 * the data, so `cases` is a sequence of maps in the same order as `suite.cases`.
 */
function rememberPlaces(doc: Document, lineCounter: LineCounter, file: string, suite: EvalSuite) {
  const line = (offset: number) => lineCounter.linePos(offset).line;
  const remember = (node: unknown, item: object | undefined) => {
    if (item === undefined || !isMap(node) || !node.range) return;
    const fields: Record<string, number> = {};
    for (const pair of node.items)
      if (isScalar(pair.key) && pair.key.range)
        fields[String(pair.key.value)] = line(pair.key.range[0]);
    rememberLocation(item, { file, line: line(node.range[0]), fields });
  };
  const cases = doc.get('cases', true);
  if (isSeq(cases)) for (const [i, node] of cases.items.entries()) remember(node, suite.cases[i]);
  const notes = doc.get('plan_notes', true);
  if (isSeq(notes))
    for (const [i, node] of notes.items.entries()) remember(node, suite.plan_notes?.[i]);
}

/** Parses suite text; `file` is used in error messages and finding locations only. */
export function parseSuite(text: string, file: string, options: LoadSuiteOptions = {}): EvalSuite {
  assertSize(Buffer.byteLength(text, 'utf8'), options, file);
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
  // An alias makes one node stand for another: a reviewer reading a case does not see what
  // it holds, and a few aliases can expand into gigabytes. A suite writes every value out.
  let alias = undefined as Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      alias = node;
      return visit.BREAK;
    },
  });
  if (alias) {
    const pos = alias.range ? lineCounter.linePos(alias.range[0]) : undefined;
    throw new SuiteFormatError(
      'SUITE_YAML',
      `YAML alias *${alias.source} is not allowed in a suite: write the value out`,
      { file, ...(pos ? { line: pos.line, column: pos.col } : {}) },
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 0 });
  } catch (error) {
    throw new SuiteFormatError('SUITE_YAML', (error as Error).message, { file });
  }
  const check = validate();
  if (check(data)) {
    const suite = data as unknown as EvalSuite;
    rememberPlaces(doc, lineCounter, file, suite);
    return suite;
  }

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

/**
 * Reads and checks a suite file. The size is checked before the file is read (see
 * SUITE_MAX_BYTES). Throws SuiteFormatError.
 */
export async function loadSuite(path: string, options: LoadSuiteOptions = {}): Promise<EvalSuite> {
  let text: string;
  try {
    const info = await stat(path);
    if (info.isDirectory())
      throw new SuiteFormatError('SUITE_READ', 'cannot read the suite: it is a directory', {
        file: path,
      });
    assertSize(info.size, options, path);
    text = await readFile(path, 'utf8');
  } catch (cause) {
    if (cause instanceof SuiteFormatError) throw cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SuiteFormatError('SUITE_READ', `cannot read the suite: ${reason}`, { file: path });
  }
  return parseSuite(text, path, options);
}
