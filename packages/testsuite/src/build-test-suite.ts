// Build a distilled test suite: fuzz a pool of candidate databases from a seed, mutate every
// gold, run golds and mutants everywhere (the kill matrix), keep the original plus the few
// candidates that kill the most mutants, and write those variants and the manifest to `dir`.
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Policy } from '@nl2sql/comparator';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { distill } from './distill.js';
import { fileSha256 } from './file-digest.js';
import { generateVariant } from './generate-variant.js';
import { type GoldQuery, goldsDigest, sqlDigest } from './gold-query.js';
import { type DatabaseJudgement, judgeDatabase } from './judge-database.js';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestDatabase,
  type ManifestMutant,
  type OperatorFigures,
  variantFile,
  variantId,
  writeManifest,
} from './manifest.js';
import { matchesAnyGold } from './match-policy.js';
import { generateMutants, MUTATION_OPERATORS, type Mutant } from './mutants.js';
import { runQuery } from './run-query.js';
import { deriveSeed } from './seeded-random.js';
import { loadParser } from './sql-ast.js';
import { TestSuiteError } from './testsuite-error.js';
import { buildVariantContext } from './variant-context.js';

export const DEFAULT_SEED = 1;
export const DEFAULT_CANDIDATES = 40;
export const DEFAULT_MAX_VARIANTS = 10;
/**
 * Statement timeout while building. Generous: a mutant that times out on the original is
 * discarded, and a tight limit would make that depend on how busy the machine is.
 */
export const BUILD_TIMEOUT_MS = 30_000;

export interface BuildTestSuiteOptions {
  /** The original SQLite database (read-only). */
  original: string;
  golds: readonly GoldQuery[];
  /** Where the chosen variants and manifest.json go (created; stale variant files removed). */
  dir: string;
  /** Recorded in the manifest (e.g. the suite's name). */
  name?: string;
  seed?: number;
  /** Candidate variants to fuzz before distilling (default 40). */
  candidates?: number;
  /** Most variants to keep beside the original (default 10). */
  maxVariants?: number;
  /** The comparator policy that decides "killed" (default strict, as EX). */
  score?: Policy;
  tolerance?: number;
  /** Statement timeout per query (default BUILD_TIMEOUT_MS, 30 s). */
  timeoutMs?: number;
  onProgress?: (message: string) => void;
}

export type MutantStatus = 'discarded' | 'surviving' | 'escaped' | 'killed';

export interface EvaluatedMutant extends Mutant {
  status: MutantStatus;
  /** Databases of the pool that tell it from its gold (`original`, `variant-007` ...). */
  killedBy: string[];
  /** The first database of the suite that does (status killed). */
  killedBySuite?: string;
  reason?: string;
}

export interface BuiltTestSuite {
  manifest: Manifest;
  dir: string;
  mutants: EvaluatedMutant[];
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new TestSuiteError(
      'invalid_option',
      `${name} must be an integer of at least ${min}, got ${value}`,
    );
  }
  return value;
}

function checkGolds(golds: readonly GoldQuery[]): void {
  if (golds.length === 0)
    throw new TestSuiteError('invalid_option', 'no gold queries to build a suite for');
  const seen = new Set<string>();
  for (const g of golds) {
    if (seen.has(g.id)) throw new TestSuiteError('invalid_option', `gold id ${g.id} appears twice`);
    seen.add(g.id);
  }
}

export async function buildTestSuite(options: BuildTestSuiteOptions): Promise<BuiltTestSuite> {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed))
    throw new TestSuiteError('invalid_option', `seed must be an integer, got ${seed}`);
  const candidates = checkCount('candidates', options.candidates ?? DEFAULT_CANDIDATES, 0);
  const maxVariants = checkCount('maxVariants', options.maxVariants ?? DEFAULT_MAX_VARIANTS, 0);
  const score = options.score ?? 'strict';
  const timeoutMs = options.timeoutMs ?? BUILD_TIMEOUT_MS;
  const say = options.onProgress ?? (() => {});
  checkGolds(options.golds);
  const golds = [...options.golds];
  const judge = {
    score,
    timeoutMs,
    ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
  };

  const original = await openSqlite(options.original, { timeoutMs });
  let context: Awaited<ReturnType<typeof buildVariantContext>>;
  let fingerprint: string;
  let sqliteVersion: string;
  const mutants: Mutant[] = [];
  const discarded = new Map<number, string>();
  let onOriginal: DatabaseJudgement;
  try {
    say('reading the original schema and profiling its columns');
    context = await buildVariantContext(original, golds);
    fingerprint = await original.fingerprint();
    const version = await runQuery(original, 'SELECT sqlite_version()');
    sqliteVersion = version.ok ? String(version.result.rows[0]?.[0]) : 'unknown';

    say('mutating the gold queries');
    const roundTrips = new Map<string, string | undefined>();
    for (const gold of golds) {
      const set = await generateMutants(gold.id, gold.sql, {
        orderMatters: gold.orderMatters,
        schema: { tables: context.model.tables },
        profiles: context.profiles,
      });
      roundTrips.set(gold.id, set.roundTrip);
      mutants.push(...set.mutants);
    }

    say(`running ${golds.length} golds and ${mutants.length} mutants on the original`);
    onOriginal = await judgeDatabase(original, golds, mutants, {
      ...judge,
      file: options.original,
      excludeUnstable: false,
    });
    for (const [gold, reason] of onOriginal.excluded) {
      throw new TestSuiteError('gold_failed', `gold ${gold} on the original database: ${reason}`);
    }
    // A gold the generator does not reproduce would make every mutant differ by more than its edit.
    for (const gold of golds) {
      const rt = roundTrips.get(gold.id);
      const ran = rt === undefined ? undefined : await runQuery(original, rt, { timeoutMs });
      const same =
        ran?.ok === true &&
        matchesAnyGold(onOriginal.goldTables.get(gold.id)!.slice(0, 1), ran.result, {
          score,
          orderMatters: gold.orderMatters,
          ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
        }).pass;
      if (!same) {
        mutants.forEach((m, i) => {
          if (m.goldId === gold.id)
            discarded.set(i, 'the gold does not survive a round trip through the SQL generator');
        });
      }
    }
    for (const [i, error] of onOriginal.failures) {
      if (!discarded.has(i)) discarded.set(i, `fails on the original: ${error}`);
    }
  } finally {
    await original.close();
  }

  const pool = await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-'));
  const candidateKills = new Map<string, Set<number>>();
  const judged = new Map<
    number,
    { judgement: DatabaseJudgement; variant: Awaited<ReturnType<typeof generateVariant>> }
  >();
  const failedCandidates: Manifest['failedCandidates'] = [];
  try {
    for (let index = 0; index < candidates; index += 1) {
      say(`candidate ${index + 1}/${candidates}`);
      const file = join(pool, variantFile(index));
      let variant: Awaited<ReturnType<typeof generateVariant>>;
      try {
        variant = await generateVariant(context, deriveSeed(seed, 'variant', index), file);
      } catch (error) {
        if (error instanceof TestSuiteError && error.code === 'variant_invalid') {
          failedCandidates.push({ index, reason: error.message });
          continue;
        }
        throw error;
      }
      const source = await openSqlite(file, { timeoutMs });
      try {
        const judgement = await judgeDatabase(source, golds, mutants, {
          ...judge,
          file,
          excludeUnstable: true,
        });
        const kills = new Set([...judgement.kills].filter((i) => !discarded.has(i)));
        judgement.kills = kills;
        candidateKills.set(variantId(index), kills);
        judged.set(index, { judgement, variant });
      } finally {
        await source.close();
      }
    }

    const originalKills = new Set([...onOriginal.kills].filter((i) => !discarded.has(i)));
    const { chosen, gains, covered } = distill(originalKills, candidateKills, maxVariants);

    await mkdir(options.dir, { recursive: true });
    for (const name of await readdir(options.dir)) {
      if (/^variant-\d+\.sqlite$/.test(name)) await rm(join(options.dir, name), { force: true });
    }
    const databases: ManifestDatabase[] = [
      {
        id: 'original',
        sha256: await fileSha256(options.original),
        gain: gains[0]!.gain,
        excluded: [],
      },
    ];
    for (const [k, id] of chosen.entries()) {
      const index = Number(id.slice('variant-'.length));
      const { judgement, variant } = judged.get(index)!;
      await copyFile(join(pool, variantFile(index)), join(options.dir, variantFile(index)));
      databases.push({
        id,
        index,
        seed: deriveSeed(seed, 'variant', index),
        file: variantFile(index),
        sha256: variant.sha256,
        rows: variant.rows,
        knobs: variant.knobs,
        gain: gains[k + 1]!.gain,
        excluded: [...judgement.excluded].map(([gold, reason]) => ({ gold, reason })),
      });
    }

    const suiteOrder = ['original', ...chosen];
    const killers = (i: number) => {
      const out: string[] = [];
      if (originalKills.has(i)) out.push('original');
      for (const [id, kills] of candidateKills) if (kills.has(i)) out.push(id);
      return out;
    };
    const evaluated: EvaluatedMutant[] = mutants.map((m, i) => {
      if (discarded.has(i))
        return { ...m, status: 'discarded', killedBy: [], reason: discarded.get(i)! };
      const killedBy = killers(i);
      if (killedBy.length === 0) return { ...m, status: 'surviving', killedBy };
      if (!covered.has(i)) return { ...m, status: 'escaped', killedBy };
      const first = suiteOrder.find((id) => killedBy.includes(id))!;
      return { ...m, status: 'killed', killedBy, killedBySuite: first };
    });

    const byOperator: Record<string, OperatorFigures> = {};
    for (const op of MUTATION_OPERATORS) byOperator[op] = { valid: 0, differing: 0, killed: 0 };
    for (const m of evaluated) {
      if (m.status === 'discarded') continue;
      const figures = byOperator[m.operator]!;
      figures.valid += 1;
      if (m.status !== 'surviving') figures.differing += 1;
      if (m.status === 'killed') figures.killed += 1;
    }
    const valid = evaluated.filter((m) => m.status !== 'discarded').length;
    const differing = evaluated.filter(
      (m) => m.status === 'killed' || m.status === 'escaped',
    ).length;
    const killedBySuite = evaluated.filter((m) => m.status === 'killed').length;
    const listed = (status: MutantStatus): ManifestMutant[] =>
      evaluated
        .filter((m) => m.status === status)
        .map((m) => ({
          id: m.id,
          gold: m.goldId,
          operator: m.operator,
          description: m.description,
          sql: m.sql,
          ...(m.reason !== undefined ? { reason: m.reason } : {}),
        }));
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      name: options.name ?? 'suite',
      seed,
      candidates,
      maxVariants,
      policy: { score, tolerance: options.tolerance ?? null },
      goldsDigest: goldsDigest(golds),
      golds: Object.fromEntries(
        golds
          .flatMap((g) => [[sqlDigest(g.sql), g.id]] as [string, string][])
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      ),
      original: { sha256: databases[0]!.sha256, schemaFingerprint: fingerprint },
      generator: { sqlite: sqliteVersion, parser: (await loadParser()).getVersion() },
      skippedTriggers: context.model.skippedTriggers,
      unstableOnOriginal: [...onOriginal.unstable].map(([gold, reason]) => ({ gold, reason })),
      databases,
      failedCandidates,
      summary: {
        golds: golds.length,
        mutants: mutants.length,
        discarded: discarded.size,
        valid,
        killedByOriginal: originalKills.size,
        differing,
        killedBySuite,
        shareKilled:
          differing === 0 ? 1 : Math.round((killedBySuite / differing) * 10_000) / 10_000,
        suiteSize: databases.length,
        byOperator,
      },
      surviving: listed('surviving'),
      escaped: listed('escaped'),
      discarded: listed('discarded'),
    };
    await writeManifest(join(options.dir, MANIFEST_FILE), manifest);
    return { manifest, dir: options.dir, mutants: evaluated };
  } finally {
    await rm(pool, { recursive: true, force: true });
  }
}
