// Reading a suite: size check -> YAML (with line positions) -> the suite format -> EvalSuite.
// The first problem found is thrown as a SuiteFormatError naming file, line, case id and
// field. Each case's line is remembered (source-location.ts) for lint and run admission.

import { readFile, stat } from 'node:fs/promises';
import {
  DEFAULT_PHRASING,
  documentPositions,
  fieldName,
  type IssuePhrasing,
  mostSpecificIssue,
} from '@nl2sql/format';
import {
  type Alias,
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
} from 'yaml';
import { type EvalSuite, SUITE_FORMAT } from './case.js';
import { rememberLocation } from './source-location.js';
import { SuiteFormatError } from './suite-format-error.js';

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

/**
 * The suite loader's wording, published since its first release: enums list the allowed
 * values (the line shows the value found), unknown fields are named alone, and a wrong
 * `kind` in a plan lists every kind allowed there.
 */
const SUITE_PHRASING: IssuePhrasing = {
  ...DEFAULT_PHRASING,
  additionalProperties: (field) => `unknown field '${field}'`,
  enum: (allowed) => `must be one of ${allowed.map(show).join(', ')}`,
  const: (allowed) => `must be ${show(allowed)}`,
  type: (types) => `must be ${types.join(',')}`,
  discriminator: (property, kinds, value) =>
    value === undefined
      ? `missing required field '${property}'`
      : typeof value === 'string'
        ? `must be one of ${kinds.map(show).join(', ')}`
        : 'must be string',
};

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

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
  if (SUITE_FORMAT.check(data)) {
    rememberPlaces(doc, lineCounter, file, data);
    return data;
  }
  // The most specific problem: a bad plan node beats "plan is invalid".
  const issue = mostSpecificIssue(SUITE_FORMAT.issues(data, SUITE_PHRASING));
  if (!issue) throw new Error('the suite validator rejected a suite without saying why');
  const { path } = issue;
  const pos = documentPositions(doc, lineCounter).locate(path);
  let caseId: string | undefined;
  let fieldPath = path;
  if (path[0] === 'cases' && typeof path[1] === 'number') {
    const id = doc.getIn(['cases', path[1], 'id']);
    caseId = typeof id === 'string' ? id : `#${path[1] + 1}`;
    fieldPath = path.slice(2);
  }
  throw new SuiteFormatError('SUITE_SCHEMA', issue.message, {
    file,
    ...(pos ? { line: pos.line, column: pos.column } : {}),
    ...(caseId !== undefined ? { caseId } : {}),
    field: fieldName(fieldPath),
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
