// Sums the vitest JSON reports of all packages into the one line CI reads:
// "N passed, N failed" (", N skipped" when any were skipped). Exits 1 on any failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { 'extra-passed': { type: 'string' }, 'extra-failed': { type: 'string' } },
});
// The workspace folders (pnpm-workspace.yaml): the packages, the benchmark tools, the
// release's install test.
const roots = ['packages', 'benchmarks', 'tests'].map((dir) =>
  join(import.meta.dirname, '..', dir),
);
// Checks run outside vitest (e.g. the end-to-end commands in .ci/run) count as tests too.
let passed = Number(values['extra-passed'] ?? 0);
let failed = Number(values['extra-failed'] ?? 0);
let skipped = 0;
const projects = roots.flatMap((root) =>
  existsSync(root)
    ? readdirSync(root)
        .sort()
        .map((name) => ({ root, name }))
    : [],
);
for (const { root, name } of projects) {
  if (!existsSync(join(root, name, 'package.json'))) continue;
  const report = join(root, name, '.reports', 'vitest.json');
  if (!existsSync(report)) {
    console.log(`  ${name}: no test report (the test task did not finish)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  // A suite that failed to load reports no tests but a failed file: count it.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  passed += r.numPassedTests;
  failed += r.numFailedTests + brokenFiles;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`  ${name}: ${r.numPassedTests} passed / ${r.numFailedTests + brokenFiles} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
