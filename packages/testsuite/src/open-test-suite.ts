// Open a distilled suite for scoring: check it is the one distilled (same original, same golds,
// every variant byte-identical to its recorded digest), regenerate variant files that are
// missing from their seeds, and open every database read-only.
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { fileSha256 } from './file-digest.js';
import { generateVariant } from './generate-variant.js';
import { type GoldQuery, goldsDigest, sqlDigest } from './gold-query.js';
import { MANIFEST_FILE, type Manifest, readManifest } from './manifest.js';
import { TestSuiteError } from './testsuite-error.js';
import { buildVariantContext, type VariantContext } from './variant-context.js';

export interface OpenTestSuiteOptions {
  /** The suite's directory (`<suite>.testsuite/`), holding manifest.json. */
  dir: string;
  /** The original database the suite was built from. */
  original: string;
  /** The golds it was built for (checked against the manifest; needed to regenerate variants). */
  golds: readonly GoldQuery[];
  /**
   * Where the variant files are read from and regenerated to (default `dir`): somewhere
   * writable when the suite ships inside an installed package.
   */
  variantsDir?: string;
  /** Regenerate variant files that are missing (default true). A file that exists but differs is never overwritten. */
  regenerate?: boolean;
  /** Statement timeout for scoring (default the datasource's, 5000 ms). */
  timeoutMs?: number;
}

export interface SuiteDatabase {
  /** `original` or `variant-<index>`. */
  id: string;
  path: string;
  source: Datasource;
  /** Gold id -> why this database does not judge that gold. */
  excluded: ReadonlyMap<string, string>;
}

/** An opened suite. Close it when done: it holds one read-only datasource per database. */
export class TestSuite {
  constructor(
    readonly manifest: Manifest,
    readonly databases: readonly SuiteDatabase[],
  ) {}

  /** The gold id the suite knows this SQL as, or undefined. */
  goldId(sql: string): string | undefined {
    return this.manifest.golds[sqlDigest(sql)];
  }

  /** The databases that judge a gold (original first), and those that do not, with why. */
  databasesFor(goldSql: string): {
    goldId: string;
    judging: SuiteDatabase[];
    skipped: { database: string; reason: string }[];
  } {
    const goldId = this.goldId(goldSql);
    if (goldId === undefined) {
      throw new TestSuiteError(
        'gold_not_in_suite',
        `the gold SQL is not one the suite "${this.manifest.name}" was built for; rebuild the suite for it`,
      );
    }
    const judging: SuiteDatabase[] = [];
    const skipped: { database: string; reason: string }[] = [];
    for (const db of this.databases) {
      const reason = db.excluded.get(goldId);
      if (reason === undefined) judging.push(db);
      else skipped.push({ database: db.id, reason });
    }
    return { goldId, judging, skipped };
  }

  async close(): Promise<void> {
    await Promise.all(this.databases.map((d) => d.source.close()));
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export async function openTestSuite(options: OpenTestSuiteOptions): Promise<TestSuite> {
  const manifestFile = join(options.dir, MANIFEST_FILE);
  const manifest = await readManifest(manifestFile);
  const originalSha = await fileSha256(options.original);
  if (originalSha !== manifest.original.sha256) {
    throw new TestSuiteError(
      'original_changed',
      `${options.original} is not the database ${manifestFile} was built from (SHA-256 ${originalSha}, expected ${manifest.original.sha256})`,
    );
  }
  if (goldsDigest(options.golds) !== manifest.goldsDigest) {
    throw new TestSuiteError(
      'golds_changed',
      `the golds differ from those ${manifestFile} was built for; rebuild the suite`,
    );
  }
  const variantsDir = options.variantsDir ?? options.dir;
  if (options.variantsDir !== undefined) await mkdir(variantsDir, { recursive: true });
  let context: VariantContext | undefined;
  for (const db of manifest.databases.slice(1)) {
    const path = join(variantsDir, db.file!);
    if (!(await exists(path))) {
      if (options.regenerate === false) {
        throw new TestSuiteError(
          'variant_digest_mismatch',
          `${path} is missing (regeneration is off)`,
        );
      }
      if (context === undefined) {
        const original = await openSqlite(options.original);
        try {
          context = await buildVariantContext(original, options.golds);
        } finally {
          await original.close();
        }
      }
      await generateVariant(context, db.seed!, path);
    }
    const sha = await fileSha256(path);
    if (sha !== db.sha256) {
      throw new TestSuiteError(
        'variant_digest_mismatch',
        `${path} has SHA-256 ${sha}, the manifest records ${db.sha256} (generated by SQLite ${manifest.generator.sqlite}); delete it to regenerate, or rebuild the suite`,
      );
    }
  }
  const timeout = options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {};
  const opened: SuiteDatabase[] = [];
  try {
    for (const db of manifest.databases) {
      const path = db.id === 'original' ? options.original : join(variantsDir, db.file!);
      opened.push({
        id: db.id,
        path,
        source: await openSqlite(path, timeout),
        excluded: new Map(db.excluded.map((e) => [e.gold, e.reason])),
      });
    }
  } catch (error) {
    await Promise.all(opened.map((d) => d.source.close()));
    throw error;
  }
  return new TestSuite(manifest, opened);
}
