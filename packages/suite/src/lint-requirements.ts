// Lint checks of what the run requires of every case: approved, of a source, on a
// datasource, tagged from the fixed vocabulary, on a datasource the run knows, and with an outcome for every role it asks as
// (a case without one would silently not be asked as that role).

import { CASE_TAGS, type EvalCase, isApproved, sourceKind } from './case.js';
import { type LintContext, list } from './lint-context.js';

export function lintRequirements(c: EvalCase, { add, options }: LintContext): void {
  const require = options.require ?? {};
  const knownDatasources = options.datasources ? new Set(options.datasources) : undefined;
  if (require.approved && !isApproved(c)) add(c, 'not-approved', 'the case is not approved');
  if (require.source !== undefined && sourceKind(c) !== require.source)
    add(c, 'source', `source is ${sourceKind(c)}, expected ${require.source}`);
  if (require.datasource !== undefined && c.datasource !== require.datasource)
    add(c, 'datasource', `datasource is ${c.datasource}, expected ${require.datasource}`);
  const fixed: ReadonlySet<string> = new Set(CASE_TAGS);
  const outside = require.fixed_tags ? c.tags.filter((t) => !fixed.has(t)) : [];
  if (outside.length > 0)
    add(c, 'tag-vocabulary', `tag(s) ${list(outside)} are not in the fixed vocabulary`);
  if (knownDatasources && !knownDatasources.has(c.datasource))
    add(
      c,
      'unknown-datasource',
      `datasource ${c.datasource} is not one this run knows (${list([...knownDatasources])})`,
    );
  const missingRoles = (options.roles ?? []).filter((r) => !(r in c.outcome));
  if (missingRoles.length > 0)
    add(
      c,
      'outcome-roles',
      `outcome has no ${list(missingRoles)}, so the case would not be asked as ${missingRoles.length === 1 ? 'that role' : 'those roles'}`,
    );
}
