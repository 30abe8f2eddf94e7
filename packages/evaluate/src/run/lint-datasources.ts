// Lint of a suite whose cases ask one or several databases. With one database the suite is
// linted against it as a whole, as before projects existed. With several, the rules of the
// whole suite (ids, known datasources, outcomes) run once, and each datasource's cases are
// checked against its own schema and gold widths; a finding both report is listed once.

import type { Datasource } from '@nl2sql/datasource';
import {
  type EvalSuite,
  formatLintFinding,
  type LintFinding,
  type LintOptions,
  lintSuite,
} from '@nl2sql/suite';

export type LintDatabase = Pick<Datasource, 'execute' | 'introspect' | 'engine'>;

/**
 * Findings of `suite` over `databases` (by the ids cases name). `known` are the ids the
 * command serves (default: the databases'); a case naming another is `unknown-datasource`.
 */
export async function lintOnDatasources(
  suite: EvalSuite,
  databases: ReadonlyMap<string, LintDatabase>,
  options: Omit<LintOptions, 'schema' | 'datasource' | 'datasources'>,
  known: readonly string[] = [...databases.keys()],
): Promise<LintFinding[]> {
  const lint = async (cases: EvalSuite, database: LintDatabase | undefined) =>
    lintSuite(cases, {
      ...options,
      datasources: known,
      ...(database
        ? { schema: await database.introspect({ rowCounts: false }), datasource: database }
        : {}),
    });
  const all = [...databases.values()];
  if (all.length <= 1) return lint(suite, all[0]);
  const findings = await lint(suite, undefined);
  for (const [id, database] of databases) {
    const cases = suite.cases.filter((c) => c.datasource === id);
    if (cases.length > 0) findings.push(...(await lint({ ...suite, cases }, database)));
  }
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = formatLintFinding(finding);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
