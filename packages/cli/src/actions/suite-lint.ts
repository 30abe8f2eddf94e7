import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  DatasetError,
  locateChinook,
} from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource';
import {
  type AccessPolicy,
  type EvalSuite,
  formatLintFinding,
  lintSuite,
  loadSuite,
  SuiteFormatError,
} from '@nl2sql/suite';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { EXIT } from '../exit-codes.js';

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
  if (typeof flag === 'string') {
    if (!existsSync(flag)) throw configError(`--db ${flag}: no such file`);
    return flag;
  }
  if (!isChinook) return undefined;
  try {
    return await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
}

/** `nl2sql suite lint`; options are described in commands/suite-lint.ts. */
export const runSuiteLint: CommandRun = async ({ flags, positionals }, io) => {
  const path = resolve(io.cwd, positionals[0] ?? CHINOOK_SUITE_PATH);
  const isChinook = path === resolve(CHINOOK_SUITE_PATH);
  let suite: EvalSuite;
  try {
    suite = await loadSuite(path);
  } catch (error) {
    if (error instanceof SuiteFormatError) {
      io.err(error.message);
      return EXIT.failed;
    }
    throw error;
  }
  const policy =
    typeof flags.policy === 'string'
      ? readPolicy(flags.policy)
      : isChinook
        ? CHINOOK_POLICIES
        : undefined;
  const db = await databasePath(flags.db, isChinook);
  const datasource = db ? await openSqlite(db) : undefined;
  try {
    const schema = datasource ? await datasource.introspect({ rowCounts: false }) : undefined;
    const findings = await lintSuite(suite, {
      ...(schema ? { schema } : {}),
      ...(policy ? { policy } : {}),
    });
    if (flags.json) {
      io.out(JSON.stringify({ suite: path, cases: suite.cases.length, findings }, null, 2));
    } else {
      for (const finding of findings) io.out(formatLintFinding(finding));
      const skipped = [
        schema ? '' : 'schema rules (no --db)',
        policy ? '' : 'outcome rules (no --policy)',
      ]
        .filter(Boolean)
        .join(', ');
      io.out(
        `${path}: ${suite.cases.length} cases, ${findings.length} finding(s)${skipped ? `; skipped ${skipped}` : ''}`,
      );
    }
    return findings.length === 0 ? EXIT.ok : EXIT.failed;
  } finally {
    await datasource?.close();
  }
};
