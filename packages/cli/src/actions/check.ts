import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadProjectFile, openDatabase, projectFile } from '@nl2sql/evaluate';
import {
  type CheckReport,
  runChecks,
  type SchemaLike,
  UnsupportedDialectError,
} from '@nl2sql/sqlcheck';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { EXIT } from '../exit-codes.js';

/** A --schema file: `{ tables: [{ name, columns: [{ name }] }] }`, as introspection writes it. */
function readSchemaFile(path: string): SchemaLike {
  if (!existsSync(path)) throw configError(`--schema ${path}: no such file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`--schema ${path}: not valid JSON (${(error as Error).message})`);
  }
  const tables = (parsed as { tables?: unknown }).tables;
  if (!Array.isArray(tables)) throw configError(`--schema ${path}: expected { "tables": [...] }`);
  tables.forEach((table: unknown, i) => {
    const t = table as { name?: unknown; columns?: unknown };
    if (typeof t?.name !== 'string' || !Array.isArray(t.columns)) {
      throw configError(
        `--schema ${path}: tables[${i}] needs a string "name" and a "columns" array`,
      );
    }
  });
  return parsed as SchemaLike;
}

async function introspectDb(path: string): Promise<SchemaLike> {
  const datasource = await openDatabase(path);
  try {
    return await datasource.introspect({ rowCounts: false });
  } finally {
    await datasource.close();
  }
}

/**
 * The report as text. A finding several levels make (a statement chain is L1's "one
 * statement" and L3's safety rule) is named once, at the first, with the levels that made
 * it; `--json` keeps every level's list whole.
 */
function renderReport(report: CheckReport): string {
  const lines: string[] = [];
  const levelsOf = new Map<string, string[]>();
  for (const level of report.levels)
    for (const v of level.violations)
      levelsOf.set(v.rule, [...(levelsOf.get(v.rule) ?? []), level.level]);
  const named = new Set<string>();
  for (const level of report.levels) {
    const state = level.skipped ? 'skipped' : level.pass ? 'pass' : 'FAIL';
    lines.push(`${level.level} ${level.name.padEnd(7)} ${state}`);
    for (const v of level.violations) {
      const levels = [...new Set(levelsOf.get(v.rule))];
      if (named.has(v.rule)) {
        lines.push(`   - [${v.rule}] (named under ${levels[0]})`);
        continue;
      }
      named.add(v.rule);
      lines.push(
        `   - [${v.rule}] ${v.message}${levels.length > 1 ? ` (${levels.join(', ')})` : ''}`,
      );
    }
  }
  lines.push(report.pass ? 'All checks passed.' : 'Checks failed.');
  return lines.join('\n');
}

/** The `check` action; see commands/check.ts for its options. */
export const runCheck: CommandRun = async ({ flags, positionals }, io) => {
  const sql = positionals[0] ?? '';
  if (flags.schema && flags.db) throw usageError('give --schema or --db, not both');
  // Flags first, then the project's checks: (evals.yaml), then sqlcheck's defaults. Numbers
  // arrive parsed and range-checked by the option table (commands/check.ts).
  const file = projectFile(flags, io.cwd);
  const project = file === undefined ? {} : ((await loadProjectFile(file, io.env)).checks ?? {});
  const maxLimit = typeof flags['max-limit'] === 'number' ? flags['max-limit'] : project.maxLimit;
  const maxSqlBytes =
    typeof flags['max-sql-bytes'] === 'number' ? flags['max-sql-bytes'] : project.maxSqlBytes;
  const requireLimit =
    typeof flags['require-limit'] === 'string'
      ? flags['require-limit'] === 'true'
      : project.requireLimit;
  const functions = [
    ...(project.allowedFunctions ?? []),
    ...(Array.isArray(flags.function) ? flags.function.map(String) : []),
  ];
  // files are named relative to the command's working directory, as in every other command
  const schema =
    typeof flags.schema === 'string'
      ? readSchemaFile(resolve(io.cwd, flags.schema))
      : typeof flags.db === 'string'
        ? await introspectDb(resolve(io.cwd, flags.db))
        : undefined;
  const tables = Array.isArray(flags.table) ? flags.table.map(String) : undefined;
  let report: CheckReport;
  try {
    report = await runChecks(sql, {
      dialect: typeof flags.dialect === 'string' ? flags.dialect : 'sqlite',
      ...(schema ? { schema } : {}),
      ...(maxLimit !== undefined ? { maxLimit } : {}),
      ...(maxSqlBytes !== undefined ? { maxSqlBytes } : {}),
      ...(requireLimit !== undefined ? { requireLimit } : {}),
      ...(functions.length > 0 ? { allowedFunctions: functions } : {}),
      ...(tables ? { allowedTables: tables } : {}),
    });
  } catch (error) {
    if (error instanceof UnsupportedDialectError) throw usageError(error.message);
    throw error;
  }
  io.out(flags.json ? JSON.stringify(report, null, 2) : renderReport(report));
  return report.pass ? EXIT.ok : EXIT.failed;
};
