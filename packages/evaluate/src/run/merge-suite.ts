// The suite file a merged run was scored on, for the reporters that point into it (JUnit
// and annotations name each case's line; the HTML page and report.json show its gold).
// The shards carry only the suite's digest, so the file is found by that digest among
// `--suite FILE` or the project's suites: a suite edited since the shards ran is not theirs.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { type EvalSuite, suiteFileDigest } from '@nl2sql/suite';
import { configError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from './run-suite-file.js';

/** A suite file and what it holds. */
export interface PlacedSuite {
  readonly suite: EvalSuite;
  readonly suitePath: string;
}

/** Where to look: `--suite FILE`, else the project's suites (the built-in one's without evals.yaml). */
async function candidates(
  options: EvaluateOptions,
  io: { readonly cwd: string; readonly env: Record<string, string | undefined> },
): Promise<{ paths: string[]; where: string }> {
  if (typeof options.suite === 'string') {
    return { paths: [resolve(io.cwd, options.suite)], where: '--suite' };
  }
  const file = projectFile(options, io.cwd);
  if (file === undefined) return { paths: [CHINOOK_SUITE_PATH], where: 'the built-in project' };
  const project = await loadProjectFile(file, io.env);
  return { paths: [...project.suites], where: file };
}

/**
 * The suite whose file digest is `digest` (the merged run's `dataset.digest`). Exit 3 when
 * none is: naming the files tried and how to give the right one.
 */
export async function suiteOfDigest(
  options: EvaluateOptions,
  io: { readonly cwd: string; readonly env: Record<string, string | undefined> },
  digest: string,
): Promise<PlacedSuite> {
  const { paths, where } = await candidates(options, io);
  const tried: string[] = [];
  for (const path of paths) {
    if (!existsSync(path)) {
      tried.push(`${path} (no such file)`);
      continue;
    }
    if ((await suiteFileDigest(path)) === digest) {
      return {
        suite: await loadRunSuite(path, suiteMaxBytes(options.maxSuiteMb)),
        suitePath: path,
      };
    }
    tried.push(`${path} (another digest)`);
  }
  throw configError(
    `the reporters asked for point into the suite the shards ran on (digest ${digest.slice(0, 12)}), and no suite of ${where} is it: ${tried.join(', ')}; give that suite file with --suite FILE`,
  );
}
