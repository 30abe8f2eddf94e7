// Mode plans on Chinook, timed: start-up (suite, database, fake server, engine), engine
// (inside ask, of which the database), scoring, and the process's peak RSS.

import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { plansEngine } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { databaseIdentity, runEval } from '../src/index.js';
import { answerExecutionBench } from './answer-execution.js';
import { harnessOverhead } from './harness-overhead.js';
import { scaleBench } from './scale.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

// The first run is what `pnpm eval` sees (cold: module load, WASM, index build, page
// cache); the second is the same work warm; the third shows what the static checks cost.
const runs = [
  { label: 'cold', sqlChecks: true },
  { label: 'warm', sqlChecks: true },
  { label: 'warm, static SQL checks off', sqlChecks: false },
];
for (const { label, sqlChecks } of runs) {
  const t0 = performance.now();
  const suite = await loadSuite(CHINOOK_SUITE_PATH);
  const datasource = await openSqlite(await locateChinook({ download: false }));
  const rig = await plansEngine(suite, {
    datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
    policy: CHINOOK_POLICIES,
  });
  const database = await databaseIdentity('chinook', datasource);
  const digest = await suiteFileDigest(CHINOOK_SUITE_PATH);
  const startup = performance.now() - t0;
  const report = await runEval({
    plugins: PLUGINS,
    suite,
    engine: rig.engine,
    mode: 'plans',
    dataset: { name: 'chinook.yaml', digest },
    database,
    ...(sqlChecks ? {} : { sqlChecks: false as const }),
  });
  await rig.close();
  await datasource.close();
  const total = performance.now() - t0;
  const board = report.configs[0];
  const passed = board?.cases.filter((r) => r.status === 'pass').length ?? 0;
  console.log(
    `mode plans on Chinook (${label}): ${passed}/${report.plannedCases} case runs passed`,
  );
  console.log(`  wall            ${ms(total)}`);
  console.log(`  start-up        ${ms(startup)}`);
  console.log(`  run             ${ms(report.timings.wallMs)} (concurrency 4)`);
  console.log(`  engine (summed) ${ms(report.timings.engineMs)}`);
  console.log(`  database        ${ms(report.timings.databaseMs)} (executor nodes, summed)`);
  console.log(`  scoring         ${ms(report.timings.scoringMs)} (summed)`);
}
await harnessOverhead(await loadSuite(CHINOOK_SUITE_PATH));
await answerExecutionBench();
console.log(`peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
await scaleBench();
