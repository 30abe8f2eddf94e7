// `pnpm bench`: spec 003's experiment on its seed fixtures (test/fixtures/spec-003.ts), both
// methods over every case, and the comparison table as `eval run --mode retrieval --methods`
// prints it. Exits 1 when a cell differs from the table 003 publishes, so the bench is a
// reproduction, not a printout.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { comparisonTable, summaryCells } from '../src/index.js';
import { SPEC_003_TABLE } from '../test/fixtures/spec-003.js';
import {
  runSpec003Experiment,
  SPEC_003_METHODS,
  type Spec003Method,
} from '../test/fixtures/spec-003-experiment.js';

const dir = await mkdtemp(join(tmpdir(), 'nl2sql-spec-003-bench-'));
try {
  const started = performance.now();
  const { report } = await runSpec003Experiment(dir);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `@nl2sql/schema-selection bench: spec 003's experiment on its fixtures (Node ${process.version}, ${seconds.toFixed(2)} s)\n`,
  );
  for (const line of comparisonTable(report)) console.log(line);
  const differing: string[] = [];
  for (const [key, name] of Object.entries(SPEC_003_METHODS)) {
    const method = report.methods.find((m) => m.method === name);
    const ours = method ? summaryCells(method.summary) : undefined;
    const theirs = SPEC_003_TABLE[key as Spec003Method];
    for (const [cell, value] of Object.entries(theirs)) {
      const got = ours?.[cell as keyof typeof theirs];
      if (got !== value)
        differing.push(`${name}: ${cell} is ${got ?? 'missing'}, 003 has ${value}`);
    }
  }
  if (differing.length > 0) {
    console.log(`\nDIFFERS from spec 003's table:\n  ${differing.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log("\nevery cell equals spec 003's table");
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
