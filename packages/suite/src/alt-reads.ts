// What each alternative answer reads, and so which roles it counts for. A case's outcome per
// role comes from the gold's tables and columns; an alternative may read others (a view in
// place of base tables, a lookup table joined another way) when the case declares them in
// `alt_reads`, and then it counts only for a role that may read all of it, by the access
// policy's one rule. Without `alt_reads` every alternative reads only the case's tables and
// no column an allowed role may not read (lint `alt-table` holds it there), so it counts
// wherever the gold does.
// Why: decisions/alternatives-read-own-tables.md.

import {
  type AccessPolicy,
  type QueryReads,
  type RoleAccess,
  readsOutsideScope,
  roleAccess,
  withinScope,
} from '@nl2sql/access-policy';
import type { EvalCase } from './case.js';

/**
 * What `c.alt_sql[index]` reads: its `alt_reads` entry, else (a case without `alt_reads`) the
 * case's own tables and columns, which lint holds it to as far as any role's scope can tell. Undefined when the case has `alt_reads` but no entry for
 * this alternative (lint `alt-reads-mismatch`): what it reads is unknown, so it serves no role.
 */
export function alternativeReads(c: EvalCase, index: number): QueryReads | undefined {
  if (c.alt_reads === undefined) return { tables: c.tables, columns: c.columns };
  return c.alt_reads[index];
}

/**
 * Whether `c.alt_sql[index]` counts for a role that may read `access` (undefined: no policy,
 * every table is readable). Fails closed: an alternative whose reads are unknown counts for
 * no role under a policy.
 */
export function alternativeServes(
  c: EvalCase,
  index: number,
  access: RoleAccess | undefined,
): boolean {
  if (access === undefined) return true;
  const reads = alternativeReads(c, index);
  return reads !== undefined && withinScope(readsOutsideScope(access, reads));
}

/**
 * The indexes of the alternatives that count for `role` under `policy`: all of them without a
 * policy or without a role (a run asked as nobody has no scope to keep).
 */
export function alternativesFor(
  c: EvalCase,
  role: string | null,
  policy: AccessPolicy | undefined,
): number[] {
  const indexes = [...(c.alt_sql ?? []).keys()];
  if (policy === undefined || role === null) return indexes;
  const access = roleAccess(policy, role);
  return indexes.filter((i) => alternativeServes(c, i, access));
}

/** The case with only the alternatives that count for `role` (alt_sql, alt_rows, alt_reads). */
export function caseForRole(
  c: EvalCase,
  role: string | null,
  policy: AccessPolicy | undefined,
): EvalCase {
  const alts = c.alt_sql ?? [];
  const kept = alternativesFor(c, role, policy);
  if (kept.length === alts.length) return c;
  const { alt_sql: _s, alt_rows: _r, alt_reads: _d, ...rest } = c;
  if (kept.length === 0) return rest;
  const pick = <T>(xs: readonly T[] | undefined): T[] | undefined =>
    xs === undefined ? undefined : kept.flatMap((i) => (i < xs.length ? [xs[i] as T] : []));
  const altRows = pick(c.alt_rows);
  const altReads = pick(c.alt_reads);
  return {
    ...rest,
    alt_sql: kept.map((i) => alts[i] as string),
    ...(altRows !== undefined ? { alt_rows: altRows } : {}),
    ...(altReads !== undefined ? { alt_reads: altReads } : {}),
  };
}

/** For one alternative: the roles the gold allows that it counts for, and those it does not. */
export interface AlternativeRoles {
  readonly index: number;
  /** What it reads (undefined: `alt_reads` has no entry for it). */
  readonly reads: QueryReads | undefined;
  readonly serves: string[];
  readonly notServes: string[];
}

/** Which of the roles allowed on `c` each alternative serves under `policy`. */
export function alternativeRoles(c: EvalCase, policy: AccessPolicy): AlternativeRoles[] {
  const allowed = Object.keys(c.outcome)
    .filter((role) => c.outcome[role] === 'allowed')
    .sort();
  return (c.alt_sql ?? []).map((_, index) => {
    const serves = allowed.filter((role) => alternativeServes(c, index, roleAccess(policy, role)));
    return {
      index,
      reads: alternativeReads(c, index),
      serves,
      notServes: allowed.filter((role) => !serves.includes(role)),
    };
  });
}

/** The roles allowed on `c` that may not read all of `reads` (none without a policy). */
export function rolesDenied(
  c: EvalCase,
  reads: QueryReads,
  policy: AccessPolicy | undefined,
): string[] {
  if (!policy) return [];
  return Object.keys(c.outcome)
    .filter((role) => c.outcome[role] === 'allowed')
    .filter(
      (role) => !withinScope(readsOutsideScope(roleAccess(policy, role) ?? { tables: [] }, reads)),
    )
    .sort();
}
