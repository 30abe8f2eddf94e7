// One database's column of the kill matrix: run every gold and every mutant on it and say
// which mutants it tells from their gold, under the same comparison as scoring.
import type { TableLike } from '@nl2sql/comparator';
import type { Datasource } from '@nl2sql/datasource';
import type { GoldQuery } from './gold-query.js';
import { checkStability } from './gold-stability.js';
import { matchesAnyGold, type TestSuitePolicy } from './match-policy.js';
import type { Mutant } from './mutants.js';
import { outcomeError, type QueryOutcome, runQuery } from './run-query.js';

export interface JudgeOptions {
  score: TestSuitePolicy['score'];
  tolerance?: number;
  timeoutMs: number;
  /** The database file, for the reversed-scan stability check. */
  file: string;
  /** Exclude a gold that is unstable here (candidates); on the original it is only reported. */
  excludeUnstable: boolean;
}

export interface DatabaseJudgement {
  /** Gold id -> why this database does not judge it. */
  excluded: Map<string, string>;
  /** Gold id -> why its gold is unstable here (original only: it is judged anyway). */
  unstable: Map<string, string>;
  /** Indexes (into the mutant list) of mutants whose result differs from their gold's. */
  kills: Set<number>;
  /** Index -> error, for mutants that failed to run (they count as killed). */
  failures: Map<number, string>;
  /** Gold id -> its gold tables here (the gold first, then alternatives that ran). */
  goldTables: Map<string, TableLike[]>;
}

async function pooled<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

export async function judgeDatabase(
  source: Datasource,
  golds: readonly GoldQuery[],
  mutants: readonly Mutant[],
  options: JudgeOptions,
): Promise<DatabaseJudgement> {
  const out: DatabaseJudgement = {
    excluded: new Map(),
    unstable: new Map(),
    kills: new Set(),
    failures: new Map(),
    goldTables: new Map(),
  };
  const execute = { timeoutMs: options.timeoutMs };
  for (const gold of golds) {
    const policy: TestSuitePolicy = {
      score: options.score,
      orderMatters: gold.orderMatters,
      ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
    };
    const main = await runQuery(source, gold.sql, execute);
    if (!main.ok || main.result.truncated) {
      out.excluded.set(
        gold.id,
        main.ok ? 'the gold result is truncated' : `the gold fails: ${outcomeError(main)}`,
      );
      continue;
    }
    const tables: TableLike[] = [main.result];
    for (const alt of gold.altSql ?? []) {
      const r: QueryOutcome = await runQuery(source, alt, execute);
      if (r.ok && !r.result.truncated) tables.push(r.result);
    }
    const stability = await checkStability(
      options.file,
      gold.sql,
      main.result,
      policy,
      options.timeoutMs,
    );
    if (!stability.stable) {
      if (options.excludeUnstable) {
        out.excluded.set(gold.id, `the gold is unstable: ${stability.reason}`);
        continue;
      }
      out.unstable.set(gold.id, stability.reason);
    }
    out.goldTables.set(gold.id, tables);
    const mine = mutants.flatMap((m, i) => (m.goldId === gold.id ? [i] : []));
    await pooled(mine, 2, async (i) => {
      const r = await runQuery(source, mutants[i]!.sql, execute);
      if (!r.ok) {
        out.kills.add(i);
        out.failures.set(i, outcomeError(r));
      } else if (!matchesAnyGold(tables, r.result, policy).pass) out.kills.add(i);
    });
  }
  return out;
}
