// Reading a calibration set: YAML (with line positions) -> JSON Schema (ajv) -> consistency
// (unique ids, witnesses only on not-equivalent pairs). The first problem is thrown as a
// CalibrationSetError naming file, line, pair and field. The set's digest (SHA-256 of its LF
// bytes) goes into every calibration record, so a record says which labels it was measured on.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { isNode, LineCounter, parseDocument, visit } from 'yaml';
import type { CalibrationSet } from './calibration-set.js';
import { CalibrationSetError } from './calibration-set-error.js';
import { CALIBRATION_SET_JSON_SCHEMA } from './calibration-set-schema.js';

export interface LoadedCalibrationSet {
  set: CalibrationSet;
  /** Where it was read from (as given). */
  file: string;
  /** SHA-256 (hex) of the file's bytes with CRLF read as LF. */
  sha256: string;
}

let validator: ReturnType<Ajv2020['compile']> | undefined;

function validate() {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    validator = ajv.compile(CALIBRATION_SET_JSON_SCHEMA);
  }
  return validator;
}

function pointerPath(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return `missing required field '${String(e.params.missingProperty)}'`;
    case 'additionalProperties':
      return `unknown field '${String(e.params.additionalProperty)}'`;
    case 'enum':
      return `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return `must match ${String(e.params.pattern)}`;
    default:
      return e.message ?? e.keyword;
  }
}

/** Parses calibration-set text; `file` names it in errors. Throws CalibrationSetError. */
export function parseCalibrationSet(text: string, file: string): LoadedCalibrationSet {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  const yamlError = doc.errors[0];
  if (yamlError) {
    throw new CalibrationSetError(
      'CALIBRATION_YAML',
      yamlError.message.split('\n')[0] ?? 'invalid YAML',
      { file, line: lineAt(yamlError.pos[0]) },
    );
  }
  // A reviewer reads every pair as written: an alias would hide what a pair holds.
  let aliasLine: number | undefined;
  let aliasSeen = false;
  visit(doc, {
    Alias(_, node) {
      aliasSeen = true;
      aliasLine = node.range ? lineAt(node.range[0]) : undefined;
      return visit.BREAK;
    },
  });
  if (aliasSeen) {
    throw new CalibrationSetError(
      'CALIBRATION_YAML',
      'YAML aliases are not allowed: write the value out',
      {
        file,
        ...(aliasLine !== undefined ? { line: aliasLine } : {}),
      },
    );
  }
  const data: unknown = doc.toJS({ maxAliasCount: 0 });
  const check = validate();
  if (!check(data)) {
    const errors = check.errors ?? [];
    const depth = (e: ErrorObject) => pointerPath(e.instancePath).length;
    const error = errors.reduce((best, e) => (depth(e) > depth(best) ? e : best), errors[0]!);
    const path = pointerPath(error.instancePath);
    // A missing field is reported at the object that lacks it, an unknown one at itself.
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
    const extra =
      error.keyword === 'additionalProperties'
        ? String(error.params.additionalProperty)
        : undefined;
    const node = doc.getIn(extra !== undefined ? [...path, extra] : path, true);
    const range = isNode(node) ? node.range : undefined;
    let pairId: string | undefined;
    let fieldPath = path;
    if (path[0] === 'pairs' && typeof path[1] === 'number') {
      const id = doc.getIn(['pairs', path[1], 'id']);
      pairId = typeof id === 'string' ? id : `#${path[1] + 1}`;
      fieldPath = path.slice(2);
    }
    const named = missing ?? extra;
    const field = [...fieldPath, ...(named !== undefined ? [named] : [])]
      .map((p) => (typeof p === 'number' ? `[${p}]` : p))
      .join('.');
    throw new CalibrationSetError('CALIBRATION_SCHEMA', describe(error), {
      file,
      ...(range ? { line: lineAt(range[0]) } : {}),
      ...(pairId !== undefined ? { pairId } : {}),
      field,
    });
  }
  const set = data as unknown as CalibrationSet;
  const seen = new Map<string, number>();
  for (const [index, pair] of set.pairs.entries()) {
    const node = doc.getIn(['pairs', index], true);
    const line = isNode(node) && node.range ? lineAt(node.range[0]) : undefined;
    const at = { file, pairId: pair.id, ...(line !== undefined ? { line } : {}) };
    const first = seen.get(pair.id);
    if (first !== undefined) {
      throw new CalibrationSetError(
        'CALIBRATION_INVALID',
        `id ${pair.id} is used twice (first at line ${first})`,
        { ...at, field: 'id' },
      );
    }
    seen.set(pair.id, line ?? 0);
    if (pair.witness !== undefined && pair.label === 'equivalent') {
      throw new CalibrationSetError(
        'CALIBRATION_INVALID',
        'a witness shows that two queries differ; an equivalent pair cannot have one',
        { ...at, field: 'witness' },
      );
    }
  }
  const sha256 = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
  return { set, file, sha256 };
}

/** Reads and checks a calibration-set file. Throws CalibrationSetError. */
export async function loadCalibrationSet(file: string): Promise<LoadedCalibrationSet> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new CalibrationSetError(
      'CALIBRATION_READ',
      `cannot read the calibration set: ${reason}`,
      {
        file,
      },
    );
  }
  return parseCalibrationSet(text, file);
}
