// The lint requirements a suite carries of its own. The suite format has no field for them, so
// they are known by suite: Chinook's keeps every alternative to its case's tables (spec 000,
// "When to add one": the same question, from the same tables), a rule other suites lift by
// declaring an alternative's own reads in alt_reads (decisions/alternatives-read-own-tables.md),
// and its tags to the fixed list (CASE_TAGS).

import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import type { LintOptions } from '@nl2sql/suite';

/** What the suite at `path` requires beyond the format, for lint and for approvals into it. */
export function suiteRequirements(path: string): LintOptions['require'] | undefined {
  // Chinook also keeps its closed tag list; a user's suite may add its own tags.
  return resolve(path) === resolve(CHINOOK_SUITE_PATH)
    ? { alt_same_tables: true, fixed_tags: true }
    : undefined;
}
