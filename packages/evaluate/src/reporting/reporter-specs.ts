// `reporters`, `json` and `report` (`--reporter NAME[=FILE]`, `--json`, `--report FILE`):
// @nl2sql/reporters parses them, its refusals become evaluate's errors (exit 2).

import {
  parseReporter as parseOne,
  type ReporterSpec,
  reporterSpecs as specsOf,
} from '@nl2sql/reporters/reporter-option';
import { asEvaluateError } from './reporter-error.js';

export { type ReporterSpec, readsSuite } from '@nl2sql/reporters/reporter-option';

/** The options naming reporters and the files no reporter may also write. */
export interface ReporterOptions {
  readonly reporters?: string | readonly string[] | undefined;
  readonly json?: boolean | undefined;
  readonly report?: string | undefined;
  readonly save?: string | undefined;
  readonly journal?: string | undefined;
}

/** `junit=report.xml` -> its spec, or the usage error (exit 2) saying what is wrong. */
export const parseReporter = (text: string, cwd: string, flag?: string): ReporterSpec =>
  asEvaluateError(() => parseOne(text, cwd, flag));

/** The reporters the options ask for (exit 2 when they are wrong). */
export const reporterSpecs = (options: ReporterOptions, cwd: string): ReporterSpec[] =>
  asEvaluateError(() =>
    specsOf(
      {
        ...(options.reporters !== undefined ? { reporter: options.reporters } : {}),
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.report !== undefined ? { report: options.report } : {}),
        ...(options.save !== undefined ? { save: options.save } : {}),
        ...(options.journal !== undefined ? { journal: options.journal } : {}),
      },
      cwd,
    ),
  );
