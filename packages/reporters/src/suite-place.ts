import { isAbsolute, relative, sep } from 'node:path';
import { type EvalSuite, sourceLocation } from '@nl2sql/suite';

/**
 * The suite file as CI tools want it: relative to the workspace (GitHub's checkout, else the
 * working directory), with `/` separators, so an annotation lands on the file in the pull
 * request. A suite outside the workspace keeps its absolute path.
 */
export function suiteFileForCi(
  suitePath: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): string {
  const root = env.GITHUB_WORKSPACE || cwd;
  const path = relative(root, suitePath);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return suitePath;
  return path.split(sep).join('/');
}

/** Each case's line in the suite file, by case id (what the suite loader remembered). */
export function caseLines(suite: EvalSuite): ReadonlyMap<string, number> {
  const lines = new Map<string, number>();
  for (const c of suite.cases) {
    const line = sourceLocation(c)?.line;
    if (line !== undefined) lines.set(c.id, line);
  }
  return lines;
}
