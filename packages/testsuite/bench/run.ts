// `pnpm bench`: build the distilled test suite of the Chinook suite's answerable golds into a
// temporary directory, print the figures, and say whether the manifest equals the committed one.
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { formatManifest, MANIFEST_FILE, regenerateTestSuite, testSuiteDir } from '../src/index.js';
import { printFigures } from './figures.js';

const original = await locateChinook({ download: false });
const dir = join(tmpdir(), `nl2sql-testsuite-bench-${process.pid}`);
console.log(
  `@nl2sql/testsuite bench: the Chinook suite on ${original} (Node ${process.version})\n`,
);
const started = performance.now();
try {
  const built = await regenerateTestSuite({ suitePath: CHINOOK_SUITE_PATH, original, dir });
  printFigures(built, (performance.now() - started) / 1000);
  const committed = join(testSuiteDir(CHINOOK_SUITE_PATH), MANIFEST_FILE);
  const same = await readFile(committed, 'utf8').then(
    (text) => text === formatManifest(built.manifest),
    () => undefined,
  );
  console.log(
    same === undefined
      ? `\nno committed manifest at ${committed}`
      : `\nthe committed manifest ${same ? 'equals' : 'DIFFERS FROM'} this build (${committed})`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
