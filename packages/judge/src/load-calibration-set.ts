// Reading a calibration set: YAML (with line positions) -> its format (the shared validator of
// @nl2sql/format) -> consistency (unique ids, witnesses only on not-equivalent pairs). The
// first problem is thrown as a CalibrationSetError naming file, line, pair and field. The
// set's digest (SHA-256 of its LF bytes) goes into every calibration record, so a record says
// which labels it was measured on.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type DocumentPositions,
  documentPositions,
  type FieldPath,
  fieldName,
  inDocumentOrder,
  mostSpecificIssue,
} from '@nl2sql/format';
import { type Alias, LineCounter, parseDocument, visit } from 'yaml';
import { CALIBRATION_SET_FORMAT, type CalibrationSet } from './calibration-set.js';
import { CalibrationSetError, type CalibrationSetLocation } from './calibration-set-error.js';

export interface LoadedCalibrationSet {
  set: CalibrationSet;
  /** Where it was read from (as given). */
  file: string;
  /** SHA-256 (hex) of the file's bytes with CRLF read as LF. */
  sha256: string;
}

/**
 * Where a problem at `path` is: the line of the field (of its object, for a missing one), and
 * for a field inside a pair the pair by its id (`#N` when it has none) and the field's path
 * within the pair.
 */
function locate(
  file: string,
  data: unknown,
  positions: DocumentPositions,
  path: FieldPath,
): CalibrationSetLocation {
  const line = positions.locate(path)?.line;
  const at = { file, ...(line !== undefined ? { line } : {}) };
  const [top, index] = path;
  if (top === 'pairs' && typeof index === 'number') {
    const pairs = (data as { pairs?: unknown[] }).pairs;
    const id = (pairs?.[index] as { id?: unknown } | undefined)?.id;
    const pairId = typeof id === 'string' ? id : `#${index + 1}`;
    return { ...at, pairId, field: fieldName(path.slice(2)) };
  }
  return { ...at, field: fieldName(path) };
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
  let alias: Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      alias = node;
      return visit.BREAK;
    },
  });
  if (alias) {
    const range = (alias as Alias).range;
    throw new CalibrationSetError(
      'CALIBRATION_YAML',
      'YAML aliases are not allowed: write the value out',
      { file, ...(range ? { line: lineAt(range[0]) } : {}) },
    );
  }
  const data: unknown = doc.toJS({ maxAliasCount: 0 });
  if (data === null || data === undefined) {
    throw new CalibrationSetError(
      'CALIBRATION_SCHEMA',
      'the file is empty; a calibration set needs name, version, database, dialect and pairs',
      { file },
    );
  }
  const positions = documentPositions(doc, lineCounter);
  if (!CALIBRATION_SET_FORMAT.check(data)) {
    // The deepest problem names the field to change; of equals, an unknown key (a misspelt
    // `reasons:` is also a missing `reason`, and the unknown key is the one to fix), else
    // the first in the file.
    const issues = inDocumentOrder(data, CALIBRATION_SET_FORMAT.issues(data));
    const deepest = mostSpecificIssue(issues);
    const issue =
      issues.find(
        (i) => i.keyword === 'additionalProperties' && i.path.length === deepest?.path.length,
      ) ?? deepest;
    if (!issue) throw new Error('the calibration-set validator rejected a file without saying why');
    throw new CalibrationSetError(
      'CALIBRATION_SCHEMA',
      issue.message,
      locate(file, data, positions, issue.path),
    );
  }
  const set = data;
  const seen = new Map<string, number>();
  for (const [index, pair] of set.pairs.entries()) {
    const at = locate(file, set, positions, ['pairs', index]);
    const first = seen.get(pair.id);
    if (first !== undefined) {
      throw new CalibrationSetError(
        'CALIBRATION_INVALID',
        `id ${pair.id} is used twice (first at line ${first})`,
        { ...at, field: 'id' },
      );
    }
    seen.set(pair.id, at.line ?? 0);
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
