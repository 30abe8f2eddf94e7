// A benchmark file that is one JSON array of records (Spider's dev.json, BIRD's dev.json,
// tables.json): each element with the line it starts on, so a bad record is reported as
// `dev.json:LINE`, not as "element 812". JSON.parse reads the values; a small scanner over
// the same text finds where each top-level element begins.

import { readFile, stat } from 'node:fs/promises';
import { SUITE_MAX_BYTES } from './load-suite.js';
import { PairsFileError } from './pairs-file-error.js';

export interface LocatedRecord {
  readonly value: unknown;
  /** 1-based line the element starts on. */
  readonly line: number;
}

/** The file's text; a missing file, a directory or one over the suite size is PAIRS_READ. */
export async function readBenchmarkText(path: string, file: string): Promise<string> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('it is a directory');
    if (info.size > SUITE_MAX_BYTES)
      throw new Error(`it is over ${SUITE_MAX_BYTES / (1024 * 1024)} MiB`);
    return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new PairsFileError('PAIRS_READ', `cannot read: ${(error as Error).message}`, file);
  }
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The start offset of every top-level element of a JSON array text (already parsed). */
function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') continue;
    if (depth === 1 && expectValue && ch !== ']') {
      starts.push(i);
      expectValue = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) expectValue = true;
  }
  return starts;
}

/**
 * Where a text JSON.parse refused goes wrong when its message gives no position: the line of
 * the first top-level element that does not parse on its own.
 */
function failingElementLine(text: string): number | undefined {
  const starts = elementStarts(text);
  for (const [i, start] of starts.entries()) {
    const end = starts[i + 1] ?? text.lastIndexOf(']');
    const body = text.slice(start, end > start ? end : undefined).replace(/,\s*$/, '');
    try {
      JSON.parse(body);
    } catch {
      return lineAt(text, start);
    }
  }
  return undefined;
}

/** The elements of a JSON array file, each with its line; anything else is a PairsFileError. */
export function jsonArrayRecords(text: string, file: string): LocatedRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'invalid JSON';
    const at = /position (\d+)/.exec(message);
    throw new PairsFileError(
      'PAIRS_SYNTAX',
      `not JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
      file,
      at ? lineAt(text, Number(at[1])) : failingElementLine(text),
    );
  }
  if (!Array.isArray(value))
    throw new PairsFileError('PAIRS_FORMAT', 'expected a JSON array of records', file, 1);
  const starts = elementStarts(text);
  const records: LocatedRecord[] = [];
  let line = 1;
  let scanned = 0;
  value.forEach((element, i) => {
    const start = starts[i] ?? scanned;
    for (; scanned < start; scanned++) if (text.charCodeAt(scanned) === 10) line++;
    records.push({ value: element, line });
  });
  return records;
}
