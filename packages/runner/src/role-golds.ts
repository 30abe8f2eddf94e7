import { type AccessPolicy, roleAccess } from '@nl2sql/access-policy';
import type { TableLike } from '@nl2sql/comparator';
import { alternativeServes, type EvalCase } from '@nl2sql/suite';
import { goldTables } from './gold-tables.js';

/** The golds a case run as one role is compared with, and the alternatives held back. */
export interface RoleGolds {
  /** The gold rows first, then each alternative that counts for the role. */
  readonly tables: TableLike[];
  /** For each of `tables`, its place among the case's golds (0 rows, i + 1 alt_sql[i]). */
  readonly indexes: number[];
  /** The alternatives (alt_sql indexes) that read what the role may not read. */
  readonly withheld: number[];
  /** Their tables, for saying what a result would have matched. */
  readonly withheldTables: TableLike[];
}

/**
 * The case's golds for a run as `role`: the gold rows always (the role's outcome is allowed
 * by the gold's own reads), an alternative only when the role may read every table and
 * column it reads (alt_reads; @nl2sql/suite's alternativeServes). Without a policy or a role
 * every alternative counts (decisions/alternatives-read-own-tables.md).
 */
export function roleGolds(
  c: EvalCase,
  role: string | null,
  policy: AccessPolicy | undefined,
  resultWidth: number,
  engine?: string,
): RoleGolds {
  const [gold, ...alternatives] = goldTables(c, resultWidth, engine);
  // Each alternative's rows, by its place in alt_rows (which regenerate keeps in alt_sql's order).
  const access = policy === undefined || role === null ? undefined : roleAccess(policy, role);
  const served = (i: number) => access === undefined || alternativeServes(c, i, access);
  const alts = [...alternatives.keys()];
  const indexes = [0, ...alts.filter(served).map((i) => i + 1)];
  const withheld = alts.filter((i) => !served(i));
  const all = [gold as TableLike, ...alternatives];
  return {
    tables: indexes.map((i) => all[i] as TableLike),
    indexes,
    withheld,
    withheldTables: withheld.map((i) => alternatives[i] as TableLike),
  };
}
