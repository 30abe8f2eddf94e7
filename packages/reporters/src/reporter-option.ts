// `--reporter NAME[=FILE]` (repeatable), `--json` and `--report FILE`: which reporters a
// run uses. Imports nothing but its own errors, so a command line's option table stays light.

import { resolve } from 'node:path';
import { reporterUsageError } from './reporter-error.js';

/** The reporters, and whether each writes a file (`required`), may (`optional`) or never does. */
const FILES = {
  text: 'never',
  json: 'optional',
  junit: 'required',
  github: 'never',
  html: 'required',
  selection: 'required',
} as const;

export type ReporterName = keyof typeof FILES;

/**
 * The reporters that read the suite file: JUnit and annotations point at each case's line,
 * the HTML page and report.json show its gold. `eval merge` finds that file only for them.
 */
const READS_SUITE: ReadonlySet<ReporterName> = new Set(['junit', 'github', 'html', 'selection']);

/** True when one of the reporters asked for reads the suite file. */
export const readsSuite = (specs: readonly ReporterSpec[]): boolean =>
  specs.some((spec) => READS_SUITE.has(spec.name));

/** The reporter names as the help lists them. */
export const REPORTER_NAMES: readonly ReporterName[] = Object.keys(FILES) as ReporterName[];

/** One reporter asked for: its name and, for one that writes a file, the file. */
export interface ReporterSpec {
  readonly name: ReporterName;
  /** Resolved against the working directory; null for a reporter writing to stdout. */
  readonly file: string | null;
  /** As given (`junit=out/report.xml`), for messages. */
  readonly given: string;
}

const usage = 'text, json[=FILE], junit=FILE, github, html=FILE or selection=FILE';

/** `junit=report.xml` -> { name: 'junit', file }, or a usage error saying what is wrong. */
export function parseReporter(text: string, cwd: string, flag = '--reporter'): ReporterSpec {
  const at = text.indexOf('=');
  const name = (at === -1 ? text : text.slice(0, at)).trim();
  const file = at === -1 ? null : text.slice(at + 1);
  if (!Object.hasOwn(FILES, name)) {
    throw reporterUsageError(`${flag} must be one of ${usage}, got ${JSON.stringify(text)}`);
  }
  const reporter = name as ReporterName;
  const files = FILES[reporter];
  if (file !== null && files === 'never') {
    const where = reporter === 'text' ? 'the board to stdout' : 'annotations to stdout';
    throw reporterUsageError(
      `${flag} ${reporter} writes ${where} and takes no file, got ${JSON.stringify(text)}`,
    );
  }
  if (file === '' || (file === null && files === 'required')) {
    throw reporterUsageError(`${flag} ${reporter} needs a file: ${reporter}=FILE`);
  }
  return { name: reporter, file: file === null ? null : resolve(cwd, file), given: text };
}

/** The option table's parser for `--reporter`: checks each value as it is read. */
export function reporterFlag(text: string, flag: string): string {
  parseReporter(text, '.', flag);
  return text;
}

/** Which reporters a run asks for, as `eval run`'s flags give them. */
export interface ReporterChoice {
  /** `--reporter NAME[=FILE]`, one or several: `junit=reports/junit.xml`. */
  readonly reporter?: string | readonly string[];
  /** `--json`: the JSON report on stdout. */
  readonly json?: boolean;
  /** `--report FILE`: the HTML page, beside the other reporters. */
  readonly report?: string;
  /** `--save FILE` and `--journal FILE`: files no reporter may also write. */
  readonly save?: string;
  readonly journal?: string;
}

/** Writes to stdout: the board, annotations, or JSON without a file. */
const onStdout = (spec: ReporterSpec) => spec.file === null;

/**
 * The reporters a run uses: every `--reporter` (as vitest, giving any replaces the default),
 * `--json` as `json`, the default `text` when neither is given, and `--report FILE` as
 * `html=FILE` on top of the others. Refused (exit 2): JSON on stdout beside another
 * reporter writing there (it would no longer parse), and two outputs to one file (or to
 * the --save or --journal file).
 */
export function reporterSpecs(choice: ReporterChoice, cwd: string): ReporterSpec[] {
  const given = choice.reporter === undefined ? [] : ([] as string[]).concat(choice.reporter);
  const specs = given.map((text) => parseReporter(text, cwd));
  if (choice.json === true) specs.push({ name: 'json', file: null, given: '--json' });
  if (specs.length === 0) specs.push({ name: 'text', file: null, given: 'text' });
  if (typeof choice.report === 'string') {
    specs.push({
      ...parseReporter(`html=${choice.report}`, cwd),
      given: `--report ${choice.report}`,
    });
  }
  const unique: ReporterSpec[] = [];
  for (const spec of specs) {
    if (!unique.some((u) => u.name === spec.name && u.file === spec.file)) unique.push(spec);
  }
  const json = unique.find((s) => s.name === 'json' && onStdout(s));
  const other = unique.find((s) => s !== json && onStdout(s));
  if (json && other) {
    throw reporterUsageError(
      `${json.given} writes JSON to stdout and ${other.given} writes there too, so the JSON would not parse; write the JSON to a file with --reporter json=FILE`,
    );
  }
  const taken = new Map<string, string>();
  for (const [flag, value] of [
    ['--save', choice.save],
    ['--journal', choice.journal],
  ] as const) {
    if (typeof value === 'string') taken.set(resolve(cwd, value), `${flag} ${value}`);
  }
  for (const spec of unique) {
    if (spec.file === null) continue;
    const before = taken.get(spec.file);
    if (before !== undefined) {
      throw reporterUsageError(`${spec.given} and ${before} name the same file; give each its own`);
    }
    taken.set(spec.file, spec.given);
  }
  return unique;
}
