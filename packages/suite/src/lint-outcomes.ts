// Lint checks of a case's outcomes: its tags agree with them (rbac-denial when a role is
// refused, unanswerable when there is no SQL), a case without SQL is unanswerable for every
// role, and under a policy each role's outcome is the one the engine's access rule gives. A
// clarify case (an ambiguous question) has no SQL either: every role expects clarify, and
// the case says why in clarify_reason, since "no answer" is otherwise unanswerable's.

import { hasRole } from '@nl2sql/access-policy';
import type { EvalCase, Outcome } from './case.js';
import { type LintContext, list } from './lint-context.js';
import { type RoleScope, roleOutcome } from './role-outcome.js';

/**
 * The outcome the policy gives a role for a case (the engine's access rule; role-outcome.ts).
 * `scope` is the role's tables, or its RoleScope when the policy also names columns.
 */
export function expectedOutcome(c: EvalCase, scope: readonly string[] | RoleScope): Outcome {
  if (c.sql === undefined) return 'unanswerable';
  return roleOutcome(isTableList(scope) ? { tables: scope } : scope, c);
}

function isTableList(scope: readonly string[] | RoleScope): scope is readonly string[] {
  return Array.isArray(scope);
}

/** True when some role of the case expects a clarifying question. */
export function expectsClarify(c: Pick<EvalCase, 'outcome'>): boolean {
  return Object.values(c.outcome).includes('clarify');
}

/** `clarify-reason`, and a clarify case has no sql: there is no one answer to hold it to. */
function lintClarify(c: EvalCase, add: LintContext['add']): void {
  const clarify = expectsClarify(c);
  if (clarify && c.clarify_reason === undefined)
    add(c, 'clarify-reason', 'a role expects clarify, but the case has no clarify_reason');
  if (!clarify && c.clarify_reason !== undefined)
    add(c, 'clarify-reason', 'clarify_reason is set, but no role expects clarify');
  if (clarify && c.sql !== undefined)
    add(
      c,
      'outcome-mismatch',
      'a role expects clarify, but the case has sql: an ambiguous question has no gold answer (leave sql out)',
    );
}

export function lintOutcomes(c: EvalCase, { add, options }: LintContext): void {
  const answerable = c.sql !== undefined;
  const clarifyCase = !answerable && expectsClarify(c);
  lintClarify(c, add);
  const denied = Object.values(c.outcome).includes('refused');
  if (c.tags.includes('rbac-denial') !== denied)
    add(
      c,
      'rbac-denial-tag',
      denied
        ? 'some role is refused but the case lacks the rbac-denial tag'
        : 'tagged rbac-denial but no role is refused',
    );
  if (!clarifyCase && c.tags.includes('unanswerable') === answerable)
    add(
      c,
      'unanswerable-tag',
      answerable ? 'tagged unanswerable but has sql' : 'has no sql but lacks the unanswerable tag',
    );
  if (!answerable) {
    for (const [role, outcome] of Object.entries(c.outcome))
      if (outcome !== (clarifyCase ? 'clarify' : 'unanswerable'))
        add(
          c,
          'outcome-mismatch',
          clarifyCase
            ? `role ${role}: ${outcome}, but a clarify case (no sql) expects clarify of every role`
            : `role ${role}: ${outcome}, but a case without sql is unanswerable for every role`,
        );
  }

  const { policy } = options;
  if (!policy) return;
  for (const [role, outcome] of Object.entries(c.outcome)) {
    const scope = hasRole(policy, role) ? policy.roles[role] : undefined;
    if (!scope) {
      add(
        c,
        'unknown-role',
        `role ${role} is not in the policy (${list(Object.keys(policy.roles))})`,
      );
      continue;
    }
    const expected = expectedOutcome(c, scope);
    if (answerable && outcome !== expected)
      add(c, 'outcome-mismatch', `role ${role}: ${outcome}, but the policy gives ${expected}`);
  }
}
