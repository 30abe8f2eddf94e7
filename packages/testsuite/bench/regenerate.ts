// `pnpm regenerate [--suite FILE] [--database FILE] [--seed N] [--candidates N] [--max-variants N]`:
// rebuild a suite's distilled test suite beside it (`<suite>.testsuite/`). Defaults to Chinook.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { regenerateTestSuite, TestSuiteError, testSuiteDir } from '../src/index.js';
import { printFigures } from './figures.js';

const { values } = parseArgs({
  options: {
    suite: { type: 'string' },
    database: { type: 'string' },
    seed: { type: 'string' },
    candidates: { type: 'string' },
    'max-variants': { type: 'string' },
  },
});
const integer = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) {
    console.error(`--${name} must be an integer, got ${text}`);
    process.exit(2);
  }
  return Number(text);
};
const suitePath = values.suite ?? CHINOOK_SUITE_PATH;
if (values.suite !== undefined && values.database === undefined) {
  console.error('--database is required with --suite (the SQLite file the suite asks about)');
  process.exit(2);
}
const original = values.database ?? (await locateChinook({ download: false }));
const seed = integer('seed', values.seed);
const candidates = integer('candidates', values.candidates);
const maxVariants = integer('max-variants', values['max-variants']);
const started = performance.now();
try {
  const built = await regenerateTestSuite({
    suitePath,
    original,
    ...(seed !== undefined ? { seed } : {}),
    ...(candidates !== undefined ? { candidates } : {}),
    ...(maxVariants !== undefined ? { maxVariants } : {}),
    onProgress: (message) => process.stderr.write(`${message}\n`),
  });
  printFigures(built, (performance.now() - started) / 1000);
  console.log(`\nwritten to ${testSuiteDir(suitePath)}`);
} catch (error) {
  if (error instanceof TestSuiteError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
