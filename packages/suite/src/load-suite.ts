// Reading a suite: size check -> YAML -> the suite format -> EvalSuite. The YAML is read
// fast first (js-yaml to plain data, noting each case's and key's line); only when the
// format or the fast reader finds something wrong is it read again with the `yaml`
// library's positions, to place the problem at its exact line as the loader always has.
// The first problem found is thrown as a SuiteFormatError naming file, line, case id and
// field. Each case's line is remembered (source-location.ts) for lint and run admission.
// decisions/suite-loading.md says why it is built this way.

import { readFile, stat } from 'node:fs/promises';
import {
  DEFAULT_PHRASING,
  type FieldPath,
  fieldName,
  type IssuePhrasing,
  mostSpecificIssue,
  type SchemaIssue,
} from '@nl2sql/format';
import { type EvalSuite, SUITE_FORMAT } from './case.js';
import { type FastRead, outlinePlace, readYamlFast } from './fast-yaml-reader.js';
import { readYamlWithPositions } from './positional-yaml-reader.js';
import { rememberLocation, type SourceLocation } from './source-location.js';
import { SuiteFormatError } from './suite-format-error.js';

/**
 * The largest suite file read by default: 128 MiB. The loader holds about 10 bytes of memory
 * per byte of suite (a 17 MB 10,000-case suite peaks near 230 MB, 100 MiB near 0.9 GB), so
 * the limit keeps a load near 1.2 GB, within Node's default heap on a small machine. Above
 * it the file is refused before it is read (decisions/suite-size-limit.md).
 */
export const SUITE_MAX_BYTES = 128 * 1024 * 1024;

/**
 * The largest suite re-read with the `yaml` library's positions when something in it is
 * wrong: 32 MiB. That reader holds about 75 bytes per byte (2.6 GB here). A larger suite's
 * problem is placed by the fast reader instead: a YAML error at js-yaml's line and column
 * with js-yaml's wording, a format error at the line of the case's field (not of the value
 * inside it). decisions/suite-loading.md.
 */
export const SUITE_REPARSE_MAX_BYTES = 32 * 1024 * 1024;

export interface LoadSuiteOptions {
  /** Refuse a suite larger than this many bytes, before parsing (default SUITE_MAX_BYTES). */
  maxBytes?: number;
  /**
   * Re-read a suite with a problem using positions only up to this many bytes (default
   * SUITE_REPARSE_MAX_BYTES); above it the problem is placed by the fast reader.
   */
  reparseMaxBytes?: number;
}

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

function assertSize(bytes: number, options: LoadSuiteOptions, file: string): void {
  const max = options.maxBytes ?? SUITE_MAX_BYTES;
  if (bytes > max) {
    throw new SuiteFormatError(
      'SUITE_TOO_LARGE',
      `the suite is ${mib(bytes)}, above the ${mib(max)} limit; it was not read (raise the limit only with the memory to read it: about 10 bytes per byte)`,
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

/** A suite whose data is in the format: remember where each case and plan note starts. */
function remember(suite: EvalSuite, places: (key: string) => Array<SourceLocation | undefined>) {
  const keep = (items: readonly object[] | undefined, key: string) => {
    if (items === undefined) return;
    const found = places(key);
    items.forEach((item, i) => {
      const place = found[i];
      if (place !== undefined) rememberLocation(item, place);
    });
  };
  keep(suite.cases, 'cases');
  keep(suite.plan_notes, 'plan_notes');
}

/**
 * The issues of the first part of a large suite that is wrong: the suite without its cases,
 * or else the first case that fails (its path keeps the case's index). Listing every issue
 * of a large suite at once can take gigabytes when every case breaks the same way.
 */
function firstIssues(data: unknown): SchemaIssue[] {
  const cases = (data as { cases?: unknown } | null)?.cases;
  if (typeof data !== 'object' || data === null || !Array.isArray(cases))
    return SUITE_FORMAT.issues(data, SUITE_PHRASING);
  const withCases = (some: unknown[]) => ({ ...data, cases: some });
  if (!SUITE_FORMAT.check(withCases([]))) return SUITE_FORMAT.issues(withCases([]), SUITE_PHRASING);
  const index = cases.findIndex((c) => !SUITE_FORMAT.check(withCases([c])));
  if (index === -1) return SUITE_FORMAT.issues(data, SUITE_PHRASING);
  return SUITE_FORMAT.issues(withCases([cases[index]]), SUITE_PHRASING).map((issue) =>
    issue.path[0] === 'cases' && issue.path[1] === 0
      ? { ...issue, path: ['cases', index, ...issue.path.slice(2)] }
      : issue,
  );
}

/** The most specific issue (a bad plan node beats "plan is invalid"), placed by `locate`. */
function formatError(
  data: unknown,
  issues: readonly SchemaIssue[],
  file: string,
  locate: (path: FieldPath) => { line: number; column?: number } | undefined,
): SuiteFormatError {
  const issue = mostSpecificIssue(issues);
  if (!issue) throw new Error('the suite validator rejected a suite without saying why');
  const { path } = issue;
  const pos = locate(path);
  let caseId: string | undefined;
  let fieldPath = path;
  if (path[0] === 'cases' && typeof path[1] === 'number') {
    const id = (data as { cases: Array<{ id?: unknown } | null> }).cases[path[1]]?.id;
    caseId = typeof id === 'string' ? id : `#${path[1] + 1}`;
    fieldPath = path.slice(2);
  }
  return new SuiteFormatError('SUITE_SCHEMA', issue.message, {
    file,
    ...(pos ? { line: pos.line, ...(pos.column === undefined ? {} : { column: pos.column }) } : {}),
    ...(caseId !== undefined ? { caseId } : {}),
    field: fieldName(fieldPath),
  });
}

/** The positional reader's verdict: the loader's messages, exactly placed. */
function parseWithPositions(text: string, file: string): EvalSuite {
  const read = readYamlWithPositions(text, file);
  const { data, positions } = read;
  if (!SUITE_FORMAT.check(data))
    throw formatError(data, SUITE_FORMAT.issues(data, SUITE_PHRASING), file, (path) =>
      positions.locate(path),
    );
  remember(data, (key) => read.places(key, file));
  return data;
}

/** A problem in a suite too large to re-read with positions, placed by the fast reader. */
function fastReadError(fast: FastRead & { ok: false }, file: string, limit: number) {
  const at = {
    file,
    ...(fast.line === undefined ? {} : { line: fast.line }),
    ...(fast.column === undefined ? {} : { column: fast.column }),
  };
  if (fast.kind === 'yaml') return new SuiteFormatError('SUITE_YAML', fast.problem, at);
  return new SuiteFormatError(
    'SUITE_YAML',
    `${fast.problem} needs the positional YAML reader, which reads suites up to ${mib(limit)} (about 75 bytes of memory per byte); write the value out plainly`,
    at,
  );
}

/** Parses suite text; `file` is used in error messages and finding locations only. */
export function parseSuite(text: string, file: string, options: LoadSuiteOptions = {}): EvalSuite {
  const bytes = Buffer.byteLength(text, 'utf8');
  assertSize(bytes, options, file);
  let fast: FastRead | undefined = readYamlFast(text);
  if (fast.ok && SUITE_FORMAT.check(fast.data)) {
    const suite = fast.data;
    const { items } = fast.outline;
    remember(suite, (key) => (items[key] ?? []).map((p) => p && { file, ...p }));
    return suite;
  }
  // Something is wrong (or is YAML the fast reader leaves alone): the positional reader
  // decides, with the messages and places it has always given. The fast reader's data is
  // let go first: the two together would hold 85 bytes per byte.
  const reparseMax = options.reparseMaxBytes ?? SUITE_REPARSE_MAX_BYTES;
  if (bytes <= reparseMax) {
    fast = undefined;
    return parseWithPositions(text, file);
  }
  if (!fast.ok) throw fastReadError(fast, file, reparseMax);
  const { data, outline } = fast;
  throw formatError(data, firstIssues(data), file, (path) => outlinePlace(outline, path));
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
