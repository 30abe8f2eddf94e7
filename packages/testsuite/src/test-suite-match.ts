// Test-suite accuracy for one prediction (Zhong et al. 2020; spec 001 §5.2): it passes only
// if it matches the gold on every database of the suite, under the same comparator policy as
// EX. The original database is always in the suite and judged first, so a test-suite pass
// implies an EX pass: test-suite accuracy never exceeds EX.
import type { TableLike, Verdict } from '@nl2sql/comparator';
import { sqlKey } from '@nl2sql/suite';
import { matchesAnyGold, type TestSuitePolicy } from './match-policy.js';
import type { TestSuite } from './open-test-suite.js';
import { outcomeError, type QueryOutcome, runQuery } from './run-query.js';
import { TestSuiteError } from './testsuite-error.js';

/**
 * The same statement: equal texts, or texts that differ only in runs of whitespace outside
 * quotes and a final semicolon (sqlKey), when neither holds a comment (a line comment ends at
 * a line break, which sqlKey would make a space). Only the result's column names could
 * differ (SQLite names an unaliased expression by its text), and no test-suite verdict reads
 * names: strict compares by position, lenient by values.
 */
function sameStatement(a: string, b: string): boolean {
  if (a === b) return true;
  if (/--|\/\*/.test(a) || /--|\/\*/.test(b)) return false;
  return sqlKey(a) === sqlKey(b);
}

export interface TestSuiteMatchInput {
  /** The predicted SQL. */
  prediction: string;
  /** The case's gold SQL and accepted alternatives (the gold must be one the suite was built for). */
  gold: { sql: string; altSql?: readonly string[] };
  policy: TestSuitePolicy;
  /**
   * The gold tables EX compares with on the original database (the case's stored rows and
   * alternative rows). When given, they are used there instead of running the gold, so the
   * verdict on the original is exactly EX's.
   */
  originalGold?: readonly TableLike[];
  /**
   * EX's own verdict on the original database under this policy, when the caller has one (a
   * runner that has just scored the prediction there): the original is then not run again and
   * its verdict is EX's, with the rows, ties and tolerance EX compared.
   */
  originalPass?: boolean;
}

export interface DatabaseVerdict {
  database: string;
  pass: boolean;
  /** The comparator's verdict (absent when the prediction failed to run, or EX's was given). */
  verdict?: Verdict;
  /** Why the prediction produced no rows here. */
  error?: string;
}

export interface TestSuiteVerdict {
  pass: boolean;
  goldId: string;
  /** One verdict per judging database, the original first. */
  databases: DatabaseVerdict[];
  /** The first database on which the prediction and the gold differ, or null. */
  distinguishedBy: string | null;
  /** The verdict on the original database alone: EX under the same policy. */
  originalPass: boolean;
  /** Databases that do not judge this gold (it fails or is unstable there), with why. */
  skipped: { database: string; reason: string }[];
}

export async function testSuiteMatch(
  suite: TestSuite,
  input: TestSuiteMatchInput,
): Promise<TestSuiteVerdict> {
  const { goldId, judging, skipped } = suite.databasesFor(input.gold.sql);
  // A prediction that is the gold's own statement reads the gold's result where the gold ran:
  // the same read-only statement on the same database, run once, and still compared.
  const goldText = sameStatement(input.prediction, input.gold.sql);
  const judged = await inOrder(judging, DATABASES_AT_ONCE, (db) =>
    judgeOn(db, input, goldId, goldText).catch((error: unknown) => ({ error })),
  );
  const databases: DatabaseVerdict[] = [];
  for (const outcome of judged) {
    // the first gold that cannot be judged, in the databases' order, decides, as if run one
    // after another
    if ('error' in outcome) throw outcome.error;
    databases.push(outcome.verdict);
  }
  const first = databases.find((d) => !d.pass);
  return {
    pass: first === undefined,
    goldId,
    databases,
    distinguishedBy: first?.database ?? null,
    originalPass: databases[0]?.pass === true,
    skipped,
  };
}

/**
 * Databases judged at once for one prediction. A database is a few small statements, each a
 * round trip to the driver's threads: one database at a time left the event loop waiting on
 * them. Two keep them busy; more would queue statements behind each other on the driver's four
 * threads, where a statement's timeout is already running.
 */
const DATABASES_AT_ONCE = 2;

type JudgingDatabase = ReturnType<TestSuite['databasesFor']>['judging'][number];

/** The prediction against the gold on one database: its verdict, or a gold that cannot judge. */
async function judgeOn(
  db: JudgingDatabase,
  input: TestSuiteMatchInput,
  goldId: string,
  goldText: boolean,
): Promise<{ verdict: DatabaseVerdict }> {
  if (db.id === 'original' && input.originalPass !== undefined) {
    return { verdict: { database: db.id, pass: input.originalPass } };
  }
  let golds: readonly TableLike[];
  let goldRun: QueryOutcome | undefined;
  if (db.id === 'original' && input.originalGold !== undefined && input.originalGold.length > 0) {
    golds = input.originalGold;
  } else {
    const main = await runQuery(db.source, input.gold.sql);
    if (!main.ok || main.result.truncated) {
      throw new TestSuiteError(
        'gold_failed',
        `gold ${goldId} on ${db.id}: ${main.ok ? 'its result is truncated' : outcomeError(main)}`,
      );
    }
    goldRun = main;
    const tables: TableLike[] = [main.result];
    for (const alt of input.gold.altSql ?? []) {
      const r = await runQuery(db.source, alt);
      if (r.ok && !r.result.truncated) tables.push(r.result);
    }
    golds = tables;
  }
  const predicted =
    goldText && goldRun !== undefined ? goldRun : await runQuery(db.source, input.prediction);
  if (!predicted.ok) {
    return { verdict: { database: db.id, pass: false, error: outcomeError(predicted) } };
  }
  const verdict = matchesAnyGold(golds, predicted.result, input.policy);
  return { verdict: { database: db.id, pass: verdict.pass, verdict } };
}

/** `work` on every item, at most `lanes` at once, the results in the items' order. */
async function inOrder<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}
