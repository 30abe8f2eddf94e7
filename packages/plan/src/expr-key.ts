// A canonical text for an expression, so "is this select item one of the GROUP BY
// expressions?" is a string comparison. Absent, null and false optional fields are the same
// thing in a plan, so they are dropped; keys are sorted so field order never matters.

import type { Expr } from './plan-model.js';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    // A literal's value is data, where null and false mean something.
    const keep = key === 'value' || (field !== null && field !== undefined && field !== false);
    if (keep) out[key] = canonical(field);
  }
  return out;
}

/** Equal keys mean the same expression, however the plan spelled its optional fields. */
export function exprKey(expr: Expr): string {
  return JSON.stringify(canonical(expr));
}
