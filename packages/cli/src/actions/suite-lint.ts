import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  DatasetError,
  locateChinook,
} from '@nl2sql/datasets';
import {
  type AccessPolicy,
  declaredModes,
  type EvalSuite,
  formatLintFinding,
  type LintFinding,
  lintSuite,
  loadSuite,
  SuiteFormatError,
  type SuiteMode,
} from '@nl2sql/suite';
import { configError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { KNOWN_DATASOURCES } from '../eval/known-datasources.js';
import { EXIT } from '../exit-codes.js';
import { openDatabase } from '../open-database.js';

function readPolicy(path: string): AccessPolicy {
  if (!existsSync(path)) throw configError(`--policy ${path}: no such file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`--policy ${path}: not valid JSON (${(error as Error).message})`);
  }
  const roles = (parsed as { roles?: unknown })?.roles;
  if (typeof roles !== 'object' || roles === null) {
    throw configError(`--policy ${path}: expected {"roles": {"NAME": {"tables": [...]}}}`);
  }
  for (const [name, role] of Object.entries(roles)) {
    const tables = (role as { tables?: unknown })?.tables;
    if (!Array.isArray(tables) || !tables.every((t) => typeof t === 'string')) {
      throw configError(`--policy ${path}: roles.${name}.tables must be a list of table names`);
    }
  }
  return parsed as AccessPolicy;
}

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

/** `nl2sql suite lint`; options are described in commands/suite-lint.ts. */
export const runSuiteLint: CommandRun = async ({ flags, positionals }, io) => {
  const path = resolve(io.cwd, positionals[0] ?? CHINOOK_SUITE_PATH);
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
  const policy =
    typeof flags.policy === 'string'
      ? readPolicy(resolve(io.cwd, flags.policy))
      : isChinook
        ? CHINOOK_POLICIES
        : undefined;
  const modes = (list(flags.mode) as SuiteMode[] | undefined) ?? declaredModes(suite);
  const roles = list(flags.roles);
  const db = await databasePath(
    typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : undefined,
    isChinook,
  );
  const datasource = db ? await openDatabase(db) : undefined;
  try {
    const schema = datasource ? await datasource.introspect({ rowCounts: false }) : undefined;
    const findings = await lintSuite(suite, {
      modes,
      datasources: KNOWN_DATASOURCES,
      ...(roles ? { roles } : {}),
      ...(schema ? { schema } : {}),
      ...(datasource ? { datasource } : {}),
      ...(policy ? { policy } : {}),
    });
    const errors = findings.filter((f) => f.severity === 'error').length;
    if (flags.json) {
      io.out(JSON.stringify({ suite: path, cases: suite.cases.length, modes, findings }, null, 2));
    } else {
      for (const finding of findings) io.out(formatLintFinding(shortened(finding, io.cwd)));
      const skipped = [
        schema ? '' : 'schema and row-width rules (no --db)',
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
    await datasource?.close();
  }
};
