// `--reporter NAME[=FILE]`, `--json` and `--report FILE` as flags: @nl2sql/reporters parses
// them, its refusals become the CLI's errors. Light, so the option table loads fast.

import { asEvaluateError as asCliError } from '@nl2sql/evaluate/options';
import {
  parseReporter as parseOne,
  reporterFlag as parseReporterFlag,
  type ReporterChoice,
  type ReporterSpec,
  reporterSpecs as specsOf,
} from '@nl2sql/reporters/reporter-option';
import type { Flags } from '../command.js';

export { type ReporterSpec, readsSuite } from '@nl2sql/reporters/reporter-option';

/** `junit=report.xml` -> its spec, or the usage error (exit 2) saying what is wrong. */
export const parseReporter = (text: string, cwd: string, flag?: string): ReporterSpec =>
  asCliError(() => parseOne(text, cwd, flag));

/** The option table's parser for `--reporter`: checks each value as it is read (exit 2). */
export const reporterFlag = (text: string, flag: string): string =>
  asCliError(() => parseReporterFlag(text, flag));

/** The reporters the flags ask for (exit 2 when they are wrong). */
export const reporterSpecs = (flags: Flags, cwd: string): ReporterSpec[] =>
  asCliError(() => specsOf(flags as ReporterChoice, cwd));
