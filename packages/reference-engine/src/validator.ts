// Logical validator: the plan against the database schema (validatePlan) and against the
// role's scope. RBAC is decided on the tables the plan reads (planReads) that exist, and on
// its columns of tables the role reads only some columns of; a table the schema lacks is a
// plan error for the refiner, not a refusal. The refusal message is
// generic unless revealRefusedTable is on (the demo's playground), so a refusal never leaks
// which tables exist.

import { type AccessPolicy, readsOutOfScope, tablesOutOfScope } from '@nl2sql/access-policy';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import { type PlanError, type PlanModel, planReads, validatePlan } from '@nl2sql/plan';

export type Validation =
  | { kind: 'ok' }
  | { kind: 'refused'; message: string; tables: string[] }
  | { kind: 'invalid'; errors: PlanError[] };

export interface ValidatorOptions {
  policy?: AccessPolicy;
  role: string;
  revealRefusedTable?: boolean;
  /** What a refusal that names no table says. Default GENERIC_REFUSAL. */
  refusalMessage?: string;
}

/** A refusal's message: `generic` (default GENERIC_REFUSAL), or naming the tables when `reveal`. */
export function refusalMessage(
  role: string,
  tables: readonly string[],
  reveal: boolean,
  generic: string = GENERIC_REFUSAL,
): string {
  if (!reveal || tables.length === 0) return generic;
  return `Role "${role}" may not read ${tables.length === 1 ? 'table' : 'tables'} ${tables.join(', ')}.`;
}

export function validateLogical(
  plan: unknown,
  schema: DatabaseSchema,
  options: ValidatorOptions,
): Validation {
  const errors = validatePlan(plan, schema);
  const shapeOnly = errors.some((e) => e.code === 'SHAPE');
  if (!shapeOnly) {
    const known = new Map(schema.tables.map((t) => [t.name.toLowerCase(), t.name]));
    const reads = planReads(plan as PlanModel);
    const read = reads.tables.flatMap((t) => {
      const name = known.get(t.toLowerCase());
      return name ? [name] : [];
    });
    const refused = tablesOutOfScope(options.policy, options.role, read);
    // A column outside the role's lists refuses as a table would; the message names no
    // column (revealing names only tables, as the demo's playground asks).
    const deniedColumns = readsOutOfScope(options.policy, options.role, {
      tables: read,
      columns: reads.columns,
    }).columns;
    if (refused.length > 0 || deniedColumns.length > 0) {
      return {
        kind: 'refused',
        tables: refused,
        message: refusalMessage(
          options.role,
          refused,
          options.revealRefusedTable ?? false,
          options.refusalMessage,
        ),
      };
    }
  }
  return errors.length > 0 ? { kind: 'invalid', errors } : { kind: 'ok' };
}

export function describePlanErrors(errors: readonly PlanError[]): string {
  return errors.map((e) => `${e.path || '/'}: ${e.code}: ${e.message}`).join('\n');
}
