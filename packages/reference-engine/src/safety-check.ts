// Static safety check (sqlcheck L3) before every execution, the refiner's retries and curated
// SQL included: one bounded read-only statement, vetted functions, and only the role's tables.
// A table outside the scope is a refusal; anything else is unsafe SQL.

import { checkSafety } from '@nl2sql/sqlcheck';

export type SafetyOutcome =
  | { kind: 'ok' }
  | { kind: 'refused' }
  | { kind: 'unsafe'; message: string };

export async function safetyCheck(
  sql: string,
  options: { dialect: string; maxLimit: number; allowedTables: string[] | undefined },
): Promise<SafetyOutcome> {
  const verdict = await checkSafety(sql, {
    dialect: options.dialect,
    maxLimit: options.maxLimit,
    ...(options.allowedTables ? { allowedTables: options.allowedTables } : {}),
  });
  if (verdict.pass) return { kind: 'ok' };
  if (verdict.violations.some((v) => v.rule === 'table-not-allowed')) return { kind: 'refused' };
  return {
    kind: 'unsafe',
    message: verdict.violations.map((v) => `${v.rule}: ${v.message}`).join('; '),
  };
}
