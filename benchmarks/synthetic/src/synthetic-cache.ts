// A synthetic set made once per seed, size and generator, then reused: the benches ask for
// the same 10,000 cases on every run, and making them takes minutes. A set lives in a
// folder named after all three, so a changed generator never hands back stale cases.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYNTHETIC_POLICY } from './access-policy.js';
import {
  DEFAULT_SYNTHETIC_CASES,
  generateSynthetic,
  type SyntheticSet,
} from './generate-synthetic.js';

/** Where cached sets live unless told: `<OS temp>/nl2sql-synthetic`. */
export const SYNTHETIC_CACHE_ROOT = join(tmpdir(), 'nl2sql-synthetic');

/**
 * A digest of the generator's own files (this module's folder: the sources, or the built
 * files), so that any change to how cases are made names another cache folder.
 */
export function generatorDigest(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(here).sort()) {
    hash.update(name).update(readFileSync(join(here, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

export interface CachedSyntheticOptions {
  seed?: number;
  cases?: number;
  /** The cache folder (default SYNTHETIC_CACHE_ROOT). */
  root?: string;
  /** Told before a set is generated (it takes minutes for 10,000 cases). */
  onGenerate?: (dir: string) => void;
}

/**
 * The set for a seed and size, generated into the cache the first time and read from it
 * after. The suite is written last, so a folder holding it holds a whole set.
 */
export async function cachedSynthetic(options: CachedSyntheticOptions = {}): Promise<SyntheticSet> {
  const seed = options.seed ?? 1;
  const cases = options.cases ?? DEFAULT_SYNTHETIC_CASES;
  const dir = join(
    options.root ?? SYNTHETIC_CACHE_ROOT,
    `seed-${seed}_cases-${cases}_${generatorDigest()}`,
  );
  const suitePath = join(dir, 'synthetic.yaml');
  const databasePath = join(dir, 'synthetic.sqlite');
  if (existsSync(suitePath) && existsSync(databasePath)) {
    return { seed, cases, databasePath, suitePath, policy: SYNTHETIC_POLICY };
  }
  options.onGenerate?.(dir);
  return generateSynthetic({ seed, cases, dir });
}
