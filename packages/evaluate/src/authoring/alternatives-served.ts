// What `nl2sql suite lint` says of alternatives that do not count for every role their case
// allows: an alternative that reads its own tables (alt_reads) counts only for the roles that
// may read all of them, so a reader sees which roles can pass through it and which cannot.

import { type AccessPolicy, alternativeRoles, type EvalSuite } from '@nl2sql/suite';

/** One alternative that some role allowed on its case cannot pass through. */
export interface AlternativeServed {
  readonly case: string;
  readonly alt_sql: number;
  /** What it reads beyond the gold, or null when its reads are unknown. */
  readonly reads: readonly string[] | null;
  readonly roles: readonly string[];
  readonly not_roles: readonly string[];
}

/** The alternatives of the suite's answerable cases that serve fewer roles than their case allows. */
export function alternativesServed(suite: EvalSuite, policy: AccessPolicy): AlternativeServed[] {
  return suite.cases.flatMap((c) =>
    alternativeRoles(c, policy)
      .filter((a) => a.notServes.length > 0)
      .map((a) => ({
        case: c.id,
        alt_sql: a.index,
        reads: a.reads === undefined ? null : a.reads.tables.filter((t) => !c.tables.includes(t)),
        roles: a.serves,
        not_roles: a.notServes,
      })),
  );
}

/** One line each, after the findings. */
export function alternativesText(served: readonly AlternativeServed[]): string[] {
  return served.map((a) => {
    const reads =
      a.reads === null
        ? 'reads what alt_reads does not say'
        : `reads ${a.reads.length > 0 ? a.reads.join(', ') : 'other columns'}`;
    const roles = a.roles.length > 0 ? a.roles.join(', ') : 'no role';
    return `${a.case}: alt_sql[${a.alt_sql}] ${reads}: counts for ${roles}, not for ${a.not_roles.join(', ')}`;
  });
}
