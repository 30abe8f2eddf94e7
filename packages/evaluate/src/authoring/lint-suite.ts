// `suiteLint()`: `nl2sql suite lint` as a function. The suite's format first (a suite that
// cannot be read is exit 1 with its located message, as a finding would be), then the lint
// rules of the modes asked against the databases and the policy (lint-setup.ts). Returns the
// findings a script branches on, beside the exit code: 0 without any, 1 with some.

import { isAbsolute, relative, resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import {
  declaredModes,
  type EvalSuite,
  formatLintFinding,
  type LintFinding,
  loadSuite,
  SUITE_MODES,
  SuiteFormatError,
  type SuiteMode,
} from '@nl2sql/suite';
import { checkOptions } from '../check-options.js';
import { usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { chooseSuite } from '../project/project-suite.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { lintOnDatasources } from '../run/lint-datasources.js';
import {
  type AlternativeServed,
  alternativesServed,
  alternativesText,
} from './alternatives-served.js';
import { listOption, SUITE_LINT_OPTIONS, type SuiteLintOptions } from './authoring-options.js';
import { lintSetup } from './lint-setup.js';
import { suiteRequirements } from './suite-requirements.js';

/** What `suiteLint()` found. */
export interface SuiteLintResult {
  readonly exitCode: ExitCode;
  /** The suite file linted (absolute). */
  readonly path: string;
  /** The suite's located format error when it could not be read (exit 1, nothing linted). */
  readonly unreadable: string | null;
  readonly cases: number;
  readonly modes: readonly SuiteMode[];
  /** Errors and warnings, in the order printed (files absolute). */
  readonly findings: readonly LintFinding[];
  readonly errors: number;
  /** Alternatives that count for fewer roles than their case allows (needs a policy). */
  readonly alternatives: readonly AlternativeServed[];
}

/** The finding's file relative to the working directory when it is under it, for text. */
function shortened(finding: LintFinding, cwd: string): LintFinding {
  if (finding.file === undefined) return finding;
  const rel = relative(cwd, finding.file);
  return rel.startsWith('..') || isAbsolute(rel) ? finding : { ...finding, file: rel };
}

/** `mode` as modes; the command line checked them against the choices, a caller may not have. */
function modesOf(value: SuiteLintOptions['mode']): SuiteMode[] | undefined {
  const modes = listOption(value);
  const bad = modes?.find((m) => !(SUITE_MODES as readonly string[]).includes(m));
  if (bad !== undefined)
    throw usageError(`--mode must be among ${SUITE_MODES.join(', ')}, got ${JSON.stringify(bad)}`);
  return modes as SuiteMode[] | undefined;
}

/** Lints a suite as `nl2sql suite lint` does (`suite` is its PATH argument). */
export async function suiteLint(
  options: SuiteLintOptions = {},
  io: Io = processIo(),
): Promise<SuiteLintResult> {
  checkOptions(SUITE_LINT_OPTIONS, options, 'suiteLint');
  const asked = modesOf(options.mode);
  const file = projectFile(options, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, options.suite, io.cwd, 'the suite (a NAME or PATH)');
  const isChinook = path === resolve(CHINOOK_SUITE_PATH);
  const maxBytes = suiteMaxBytes(options.maxSuiteMb);
  let suite: EvalSuite;
  try {
    suite = await loadSuite(path, maxBytes === undefined ? {} : { maxBytes });
  } catch (error) {
    if (!(error instanceof SuiteFormatError)) throw error;
    io.err(error.message);
    const none = { cases: 0, modes: [], findings: [], errors: 0, alternatives: [] };
    return { exitCode: EXIT.failed, path, unreadable: error.message, ...none };
  }
  const modes = asked ?? declaredModes(suite);
  const roles = listOption(options.roles);
  const setup = await lintSetup(options, io, project, isChinook);
  const { policy } = setup;
  try {
    const require = suiteRequirements(path);
    const findings = await lintOnDatasources(
      suite,
      setup.databases,
      {
        modes,
        ...(roles ? { roles } : {}),
        ...(policy ? { policy } : {}),
        ...(require ? { require } : {}),
      },
      setup.known,
    );
    const errors = findings.filter((f) => f.severity === 'error').length;
    const served = policy ? alternativesServed(suite, policy) : [];
    if (options.json) {
      io.out(
        JSON.stringify(
          { suite: path, cases: suite.cases.length, modes, findings, alternatives: served },
          null,
          2,
        ),
      );
    } else {
      for (const finding of findings) io.out(formatLintFinding(shortened(finding, io.cwd)));
      for (const line of alternativesText(served)) io.out(line);
      const skipped = [
        setup.databases.size > 0 ? '' : 'schema and row-width rules (no --db)',
        policy ? '' : 'outcome rules (no --policy)',
      ]
        .filter(Boolean)
        .join(', ');
      io.out(
        `${path}: ${suite.cases.length} cases, modes ${modes.join(', ')}: ${errors} error(s), ${findings.length - errors} warning(s)${skipped ? `; skipped ${skipped}` : ''}`,
      );
    }
    return {
      exitCode: findings.length === 0 ? EXIT.ok : EXIT.failed,
      path,
      unreadable: null,
      cases: suite.cases.length,
      modes,
      findings,
      errors,
      alternatives: served,
    };
  } finally {
    await setup.close();
  }
}
