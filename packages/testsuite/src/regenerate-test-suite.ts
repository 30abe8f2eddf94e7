// The command behind `pnpm regenerate`: rebuild a suite file's distilled test suite beside it.
import { basename, extname } from 'node:path';
import { loadSuite } from '@nl2sql/suite';
import {
  type BuildTestSuiteOptions,
  type BuiltTestSuite,
  buildTestSuite,
} from './build-test-suite.js';
import { suiteGolds, testSuiteDir } from './suite-golds.js';

export interface RegenerateTestSuiteOptions
  extends Omit<BuildTestSuiteOptions, 'golds' | 'dir' | 'name'> {
  /** The eval suite (YAML). */
  suitePath: string;
  /** Defaults to `<suite>.testsuite/` beside the suite file. */
  dir?: string;
}

/** Load the suite, build its test suite and write it beside the suite (or to `dir`). */
export async function regenerateTestSuite(
  options: RegenerateTestSuiteOptions,
): Promise<BuiltTestSuite> {
  const suite = await loadSuite(options.suitePath);
  const { suitePath, dir, ...rest } = options;
  return buildTestSuite({
    ...rest,
    golds: suiteGolds(suite),
    dir: dir ?? testSuiteDir(suitePath),
    name: suite.name ?? basename(suitePath, extname(suitePath)),
  });
}
