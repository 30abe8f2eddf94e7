// One plan tried end to end: validator (schema and RBAC) -> generator -> safety check ->
// executor. A failure the plan may be at fault for (an invalid plan, unsafe SQL, an
// execution error or timeout) is returned for the refiner; a refusal, a cancel or a lost
// connection is thrown, since no other plan can fix it.

import { DatasourceError } from '@nl2sql/datasource';
import type { ErrorCode, ResultSet } from '@nl2sql/engine';
import { PlanCompileError, type PlanModel } from '@nl2sql/plan';
import type { AskContext } from './ask-context.js';
import { generateSql } from './generator.js';
import { describePlanErrors, validateLogical } from './validator.js';

/** A failure the refiner may repair, with the SQL it came from (none before generation). */
export interface RefinableFailure {
  code: ErrorCode;
  message: string;
  sql: string | null;
}

export type AttemptResult = { sql: string; result: ResultSet } | RefinableFailure;

export async function attemptPlan(ask: AskContext, plan: PlanModel): Promise<AttemptResult> {
  const { rec, ds, role } = ask;
  const { revealRefusedTable, refusalMessage, policy, maxRows } = ask.settings;
  const validation = await rec.node('validator', () =>
    validateLogical(plan, ds.schema, {
      role,
      revealRefusedTable,
      refusalMessage,
      ...(policy ? { policy } : {}),
    }),
  );
  if (validation.kind === 'refused') throw ask.refuse(validation.tables);
  if (validation.kind === 'invalid') {
    ask.rec.sawError(`INVALID_PLAN: ${describePlanErrors(validation.errors)}`);
    return { code: 'INVALID_PLAN', message: describePlanErrors(validation.errors), sql: null };
  }
  let sql: string;
  try {
    sql = ask.today(
      await rec.node('generator', () => generateSql(plan, ds.dialect, maxRows, ds.schema)),
    );
  } catch (error) {
    if (error instanceof PlanCompileError)
      return { code: 'INVALID_PLAN', message: error.message, sql: null };
    throw error;
  }
  const safety = await ask.check(sql);
  if (safety.kind === 'refused') throw ask.refuse();
  if (safety.kind === 'unsafe') {
    ask.rec.sawError(`UNSAFE_SQL: ${safety.message}`);
    return { code: 'UNSAFE_SQL', message: safety.message, sql };
  }
  try {
    return { sql, result: await ask.execute(sql) };
  } catch (error) {
    if (!(error instanceof DatasourceError)) throw error;
    if (error.code === 'CANCELLED' || error.code === 'CONNECTION') throw error;
    const message = error.databaseMessage
      ? `${error.message} (${error.databaseMessage})`
      : error.message;
    return { code: error.code === 'TIMEOUT' ? 'TIMEOUT' : 'EXECUTION_ERROR', message, sql };
  }
}
