import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalSuite } from '@nl2sql/suite';
import {
  BUILD_TIMEOUT_MS,
  MANIFEST_FILE,
  openTestSuite,
  readManifest,
  suiteGolds,
  type TestSuite,
  TestSuiteError,
  testSuiteDir,
} from '@nl2sql/testsuite';
import { configError } from '../evaluate-error.js';
import type { Io } from '../io.js';

/**
 * Each statement's time limit on the suite's databases: the one the suite was built with
 * (BUILD_TIMEOUT_MS, 30 s), not the engine's 5 s, so a slow query on a loaded machine is
 * judged rather than reported as a database the prediction did not run on.
 */
const TEST_SUITE_TIMEOUT_MS = BUILD_TIMEOUT_MS;

/** The folder of the suite's test suite when it has one (a manifest beside it), else null. */
export function testSuiteBeside(suitePath: string): string | null {
  const dir = testSuiteDir(suitePath);
  return existsSync(join(dir, MANIFEST_FILE)) ? dir : null;
}

/**
 * The suite's test suite (`<suite>.testsuite/`), opened for scoring, or null when the suite
 * has none. Variant files missing beside the manifest are regenerated from their seeds (said
 * on stderr: it takes a while); a manifest that no longer fits the suite or the database is a
 * configuration error naming the way out, never a silent skip.
 */
export async function openSuiteTestSuite(
  suitePath: string,
  suite: EvalSuite,
  databaseFile: string,
  io: Io,
): Promise<TestSuite | null> {
  const dir = testSuiteBeside(suitePath);
  if (dir === null) return null;
  const manifestFile = join(dir, MANIFEST_FILE);
  try {
    const manifest = await readManifest(manifestFile);
    const missing = manifest.databases.filter((d) => d.file && !existsSync(join(dir, d.file)));
    if (missing.length > 0) {
      io.err(
        `test suite ${dir}: regenerating ${missing.length} variant database(s) from their seeds`,
      );
    }
    return await openTestSuite({
      dir,
      original: databaseFile,
      golds: suiteGolds(suite),
      timeoutMs: TEST_SUITE_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof TestSuiteError) {
      throw configError(
        `test suite ${dir}: ${error.message} (rebuild it with \`nl2sql suite testsuite\`, or run with --skip-testsuite)`,
      );
    }
    throw error;
  }
}
