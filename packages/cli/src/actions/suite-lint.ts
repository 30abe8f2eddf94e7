import { isAbsolute, relative, resolve } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  DatasetError,
  locateChinook,
} from '@nl2sql/datasets';
import {
  type LintDatabase,
  lintOnDatasources,
  loadProjectFile,
  openDatabase,
  projectFile,
} from '@nl2sql/evaluate';
import type { Project } from '@nl2sql/project';
import {
  type AccessPolicy,
  declaredModes,
  type EvalSuite,
  formatLintFinding,
  type LintFinding,
  loadSuite,
  SuiteFormatError,
  type SuiteMode,
} from '@nl2sql/suite';
import { alternativesServed, alternativesText } from '../authoring/alternatives-served.js';
import { suiteRequirements } from '../authoring/suite-requirements.js';
import { configError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { readPolicy } from '../policy-file.js';
import { openDatasources } from '../project/project-datasources.js';
import { chooseSuite } from '../project/project-suite.js';

/** The database to lint against: --db, else Chinook for the Chinook suite, else none. */
async function databasePath(flag: unknown, isChinook: boolean): Promise<string | undefined> {
  if (typeof flag === 'string') return flag;
  if (!isChinook) return undefined;
  try {
    return await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
}

/** A repeatable, comma-separated flag (`--mode plans,full --mode engine`). */
function list(value: Flags[string]): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.flatMap((v) => String(v).split(',')).map((v) => v.trim());
  return items.filter((v) => v !== '');
}

/** The finding's file relative to the working directory when it is under it, for text. */
function shortened(finding: LintFinding, cwd: string): LintFinding {
  if (finding.file === undefined) return finding;
  const rel = relative(cwd, finding.file);
  return rel.startsWith('..') || isAbsolute(rel) ? finding : { ...finding, file: rel };
}

/** What a lint is checked against: the databases by id, the policy, and how to let go. */
interface LintSetup {
  /** The datasource ids the command serves. */
  readonly known: readonly string[];
  /** The databases opened, by id (none without --db for a suite other than Chinook's). */
  readonly databases: ReadonlyMap<string, LintDatabase>;
  readonly policy: AccessPolicy | undefined;
  close(): Promise<void>;
}

/**
 * Without evals.yaml, as before projects: `--db`, else Chinook for the Chinook suite, under
 * the id `chinook`; `--policy`, else the Chinook demo policy for the Chinook suite.
 */
async function builtInSetup(flags: Flags, io: Io, isChinook: boolean): Promise<LintSetup> {
  const policy =
    typeof flags.policy === 'string'
      ? readPolicy(resolve(io.cwd, flags.policy))
      : isChinook
        ? CHINOOK_POLICIES
        : undefined;
  const db = await databasePath(
    typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : undefined,
    isChinook,
  );
  const datasource = db ? await openDatabase(db) : undefined;
  return {
    known: ['chinook'],
    databases: new Map(datasource ? [['chinook', datasource]] : []),
    policy,
    close: async () => datasource?.close(),
  };
}

/**
 * With evals.yaml: its datasources (or `--db` in place of its one SQLite file) and its
 * policy (or `--policy`). A case naming another datasource is `unknown-datasource`.
 */
async function projectSetup(flags: Flags, io: Io, project: Project): Promise<LintSetup> {
  const policy =
    typeof flags.policy === 'string' ? readPolicy(resolve(io.cwd, flags.policy)) : project.policy;
  if (typeof flags.db === 'string') {
    const [only, ...more] = project.datasources;
    if (!only || more.length > 0)
      throw configError(
        `--db replaces the one datasource of a project; ${project.file} has ${project.datasources.length}: set each path in it`,
      );
    const datasource = await openDatabase(resolve(io.cwd, flags.db));
    return {
      known: [only.id],
      databases: new Map([[only.id, datasource]]),
      policy,
      close: () => datasource.close(),
    };
  }
  const opened = await openDatasources(project);
  return {
    known: project.datasources.map((d) => d.id),
    databases: opened.byId,
    policy,
    close: () => opened.close(),
  };
}

/** `nl2sql suite lint`; options are described in commands/suite-lint.ts. */
export const runSuiteLint: CommandRun = async ({ flags, positionals }, io) => {
  const file = projectFile(flags, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, positionals[0], io.cwd, 'the suite (a NAME or PATH)');
  const isChinook = path === resolve(CHINOOK_SUITE_PATH);
  const maxBytes = suiteMaxBytes(flags['max-suite-mb']);
  let suite: EvalSuite;
  try {
    suite = await loadSuite(path, maxBytes === undefined ? {} : { maxBytes });
  } catch (error) {
    if (error instanceof SuiteFormatError) {
      io.err(error.message);
      return EXIT.failed;
    }
    throw error;
  }
  const modes = (list(flags.mode) as SuiteMode[] | undefined) ?? declaredModes(suite);
  const roles = list(flags.roles);
  const setup = project
    ? await projectSetup(flags, io, project)
    : await builtInSetup(flags, io, isChinook);
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
    if (flags.json) {
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
    return findings.length === 0 ? EXIT.ok : EXIT.failed;
  } finally {
    await setup.close();
  }
};
