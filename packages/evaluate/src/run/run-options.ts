// The runner's options for a planned run on its open datasources: the one place where the
// options, evals.yaml and the databases become `runEval`'s input, plugins included (the
// runner installs without the parser, the test suite, the verdict cascade and efficiency;
// evaluate gives them all, decisions/runner-passes.md).

import { resolve } from 'node:path';
import type { RunEvalOptions, RunEventListener } from '@nl2sql/runner';
import { defaultPlugins, restrictedSqliteRunner } from '@nl2sql/runner-plugins';
import { suiteFileDigest } from '@nl2sql/suite';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { OpenDatasource } from '../project/datasource-limits.js';
import type { OpenSnapshots } from '../project/project-snapshots.js';
import { withSnapshotData } from '../project/project-snapshots.js';
import { runData, runDatabase } from '../project/run-database.js';
import { sqlCheckPolicy } from './check-policy.js';
import type { RunEvaluation } from './evaluation-options.js';
import { listFlag } from './list-flag.js';
import { policiesFlag } from './policies-board.js';
import type { RunPlan } from './run-plan.js';
import type { RunSetup } from './run-setup.js';

/** What the run adds to its plan once its databases are open. */
export interface RunParts {
  readonly configs: RunEvalOptions['configs'];
  readonly evaluation: RunEvaluation;
  readonly snapshots: OpenSnapshots | null;
  readonly signal: AbortSignal;
  readonly redactor: NonNullable<RunEvalOptions['redactor']>;
  readonly onEvent: RunEventListener[];
}

/** L2 checks the SQL against the database its case names, with evals.yaml's checks over the defaults. */
async function sqlChecks(plan: RunPlan, setup: RunSetup): Promise<RunEvalOptions['sqlChecks']> {
  const byId = setup.datasources.byId;
  const [first, ...others] = setup.caseDatasources.map((id) => byId.get(id) as OpenDatasource);
  const policy = sqlCheckPolicy(plan.project.checks);
  if (first && others.length === 0)
    return {
      ...policy,
      dialect: first.engine,
      schema: await first.introspect({ rowCounts: false }),
    };
  const schemas = await Promise.all(
    [...byId].map(async ([id, ds]) => [id, await ds.introspect({ rowCounts: false })] as const),
  );
  return { ...policy, dialect: 'sqlite', schemas: Object.fromEntries(schemas) };
}

/**
 * Mode retrieval scores each selection as spec 003 does, the gold query included, against the
 * one database the cases ask (spec 003's figures are of one schema; a run over several
 * databases reports recall and routing without them).
 */
async function selection(plan: RunPlan, setup: RunSetup): Promise<Partial<RunEvalOptions>> {
  const [first, ...others] = setup.caseDatasources.map(
    (id) => setup.datasources.byId.get(id) as OpenDatasource,
  );
  if (plan.mode !== 'retrieval' || !first || others.length > 0 || first.file === undefined)
    return {};
  const schema = await first.introspect({ rowCounts: false });
  return { selection: { schema, reference: restrictedSqliteRunner(first.file, schema) } };
}

/** `runEval`'s options for `plan` on `setup`'s open datasources. */
export async function runOptions(
  options: EvaluateOptions,
  plan: RunPlan,
  setup: RunSetup,
  parts: RunParts,
  cwd: string,
): Promise<RunEvalOptions> {
  const byId = setup.datasources.byId;
  const { snapshots } = parts;
  const { evaluation, efficiency } = parts.evaluation;
  const roles = listFlag(options.roles);
  const tags = listFlag(options.tags);
  const journal = typeof options.journal === 'string' ? resolve(cwd, options.journal) : null;
  return {
    plugins: await defaultPlugins(),
    suite: setup.suite,
    configs: parts.configs,
    mode: plan.mode,
    passes: plan.passes,
    ...(plan.concurrency ? { concurrency: plan.concurrency } : {}),
    ...(plan.askTimeoutMs !== undefined ? { askTimeoutMs: plan.askTimeoutMs } : {}),
    ...(plan.maxCostUsd !== undefined ? { maxCostUsd: plan.maxCostUsd } : {}),
    ...(plan.sharding ?? {}),
    ...(roles ? { roles } : {}),
    ...(plan.cases ? { cases: plan.cases } : {}),
    ...(tags ? { tags } : {}),
    dataset: {
      name: setup.suitePath.split(/[\\/]/).pop() ?? 'suite.yaml',
      digest: await suiteFileDigest(setup.suitePath),
    },
    database: await runDatabase(byId, setup.caseDatasources),
    // An external engine's SQL is run by the harness on the datasource its case names.
    answerExecution: { datasources: Object.fromEntries(byId) },
    ...(snapshots && snapshots.map.size > 0 ? { snapshots: snapshots.byId } : {}),
    sqlChecks: await sqlChecks(plan, setup),
    ...(await selection(plan, setup)),
    ...(plan.project.policy?.refusalMessage !== undefined
      ? { refusalMessage: plan.project.policy.refusalMessage }
      : {}),
    evaluation,
    // Every leaderboard's rule on the same executions (policies-board.ts).
    ...(policiesFlag(options, plan.predictions !== null) !== null ? { peerPolicies: true } : {}),
    ...(efficiency ? { efficiency } : {}),
    // Any engine's answer that reads outside its role's tables or columns is a leak.
    ...(plan.project.policy ? { policy: plan.project.policy } : {}),
    ...(journal !== null ? { journal } : {}),
    // A journal and a shard record the data they ran against: resume and eval merge refuse
    // other data.
    ...(journal !== null || plan.sharding
      ? { data: await withSnapshotData(await runData(byId, setup.caseDatasources), snapshots) }
      : {}),
    ...(options.resume ? { resume: true } : {}),
    ...(options.fresh ? { restart: true } : {}),
    signal: parts.signal,
    redactor: parts.redactor,
    onEvent: parts.onEvent,
  };
}
