// The manifest stored beside a suite (`<suite>.testsuite/manifest.json`): what was built from
// what, which databases the distilled suite holds (with the seed that regenerates each and the
// SHA-256 of its bytes), the kill figures and every mutant no database could tell from its gold.
// Deterministic: no clock, no absolute path, keys in a fixed order.
import { readFile, writeFile } from 'node:fs/promises';
import type { Policy } from '@nl2sql/comparator';
import type { MutationOperator } from './mutants.js';
import { TestSuiteError } from './testsuite-error.js';
import type { VariantKnobs } from './variant-knobs.js';

export const MANIFEST_FORMAT = 'nl2sql-testsuite/1';
export const MANIFEST_FILE = 'manifest.json';

export interface ManifestExclusion {
  gold: string;
  reason: string;
}

export interface ManifestDatabase {
  /** `original`, or `variant-<index>`. */
  id: string;
  /** Position in the candidate pool (absent for the original): with the seed, it names the variant. */
  index?: number;
  /** The variant's own seed, derived from the suite seed and the index. */
  seed?: number;
  file?: string;
  sha256: string;
  rows?: Record<string, number>;
  knobs?: VariantKnobs;
  /** Mutants this database killed that no database chosen before it did. */
  gain: number;
  /** Golds this database does not judge (they fail or are unstable on it). */
  excluded: ManifestExclusion[];
}

export interface ManifestMutant {
  id: string;
  gold: string;
  operator: MutationOperator;
  description: string;
  sql: string;
  /** Why it was left out (discarded mutants only). */
  reason?: string;
}

export interface OperatorFigures {
  valid: number;
  differing: number;
  killed: number;
}

export interface ManifestSummary {
  golds: number;
  /** Distinct mutants generated. */
  mutants: number;
  /** Mutants left out: they fail on the original, or their gold does not round-trip. */
  discarded: number;
  valid: number;
  /** Valid mutants the original database alone tells from the gold (what EX would catch). */
  killedByOriginal: number;
  /** Valid mutants some database of the pool tells from the gold: they differ semantically. */
  differing: number;
  /** Differing mutants the distilled suite kills. */
  killedBySuite: number;
  /** killedBySuite / differing (1 when nothing differs). */
  shareKilled: number;
  /** Databases in the suite, the original included. */
  suiteSize: number;
  byOperator: Record<string, OperatorFigures>;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  name: string;
  seed: number;
  candidates: number;
  maxVariants: number;
  policy: { score: Policy; tolerance: number | null };
  goldsDigest: string;
  /** SHA-256 of each gold's SQL -> its id, so a scorer can check it was given a gold of the suite. */
  golds: Record<string, string>;
  original: { sha256: string; schemaFingerprint: string };
  generator: { sqlite: string; parser: string };
  skippedTriggers: string[];
  unstableOnOriginal: ManifestExclusion[];
  databases: ManifestDatabase[];
  /** Candidates that could not be generated (recorded, never silently dropped). */
  failedCandidates: { index: number; reason: string }[];
  summary: ManifestSummary;
  /** Valid mutants equal to their gold on every database of the pool: check they are equivalent. */
  surviving: ManifestMutant[];
  /** Differing mutants the distilled suite does not kill (the cap was reached first). */
  escaped: ManifestMutant[];
  discarded: ManifestMutant[];
}

/** The manifest as written: two-space JSON and a final newline. */
export function formatManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export async function writeManifest(file: string, manifest: Manifest): Promise<void> {
  await writeFile(file, formatManifest(manifest));
}

export async function readManifest(file: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new TestSuiteError(
      'manifest_invalid',
      `cannot read ${file}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TestSuiteError(
      'manifest_invalid',
      `${file} is not JSON: ${(error as Error).message}`,
    );
  }
  const m = value as Partial<Manifest> | null;
  if (m === null || typeof m !== 'object' || m.format !== MANIFEST_FORMAT) {
    throw new TestSuiteError(
      'manifest_invalid',
      `${file}: format must be "${MANIFEST_FORMAT}", got ${JSON.stringify((m as { format?: unknown } | null)?.format)}`,
    );
  }
  if (!Array.isArray(m.databases) || m.databases[0]?.id !== 'original') {
    throw new TestSuiteError('manifest_invalid', `${file}: databases must start with the original`);
  }
  for (const [i, db] of m.databases.entries()) {
    if (i === 0) continue;
    if (
      typeof db.index !== 'number' ||
      typeof db.file !== 'string' ||
      typeof db.sha256 !== 'string'
    ) {
      throw new TestSuiteError(
        'manifest_invalid',
        `${file}: databases[${i}] needs index, file and sha256`,
      );
    }
  }
  if (typeof m.seed !== 'number' || typeof m.golds !== 'object' || m.golds === null) {
    throw new TestSuiteError('manifest_invalid', `${file}: seed and golds are required`);
  }
  return m as Manifest;
}

/** The id and file name of the pool's `index`-th variant. */
export function variantId(index: number): string {
  return `variant-${String(index).padStart(3, '0')}`;
}

export function variantFile(index: number): string {
  return `${variantId(index)}.sqlite`;
}
