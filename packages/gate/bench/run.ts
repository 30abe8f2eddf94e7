// Prints how long the gate and the intervals take at sizes beyond any real suite:
// the gate on 10,000 cases x 5 passes, and 100,000 Wilson and Clopper-Pearson intervals.
import { performance } from 'node:perf_hooks';
import { type CaseRun, clopperPearson, gate, type RunSummary, wilson } from '../src/index.js';

const CASES = 10_000;
const PASSES = 5;
const INTERVALS = 100_000;

/** A deterministic pseudo-random stream (mulberry32), so every run times the same work. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function summary(seed: number, passRate: number): RunSummary {
  const next = random(seed);
  const runs: CaseRun[] = [];
  for (let c = 0; c < CASES; c++) {
    const caseId = `case_${String(c).padStart(5, '0')}`;
    for (let pass = 1; pass <= PASSES; pass++) {
      runs.push({
        caseId,
        role: c % 2 === 0 ? 'analyst' : 'sales',
        pass,
        passed: next() < passRate,
        passedGenerated: next() < passRate,
        sql: `SELECT ${c}`,
        rowsDigest: `rows-${c}`,
        costUsd: 0.002 + next() * 0.001,
      });
    }
  }
  const roles = ['analyst', 'sales'];
  return {
    mode: 'full',
    suiteDigest: 'sha256:bench',
    schemaFingerprint: 'fp:bench',
    roles,
    curated: true,
    configs: { bench: runs },
  };
}

function time<T>(label: string, repeat: number, work: () => T): { result: T; ms: number } {
  let result = work(); // warm up the JIT once before timing
  const start = performance.now();
  for (let i = 0; i < repeat; i++) result = work();
  const ms = (performance.now() - start) / repeat;
  console.log(`${label}: ${ms.toFixed(1)} ms (mean of ${repeat})`);
  return { result, ms };
}

const baseline = summary(1, 0.97);
const current = summary(2, 0.96);
const { result: verdict } = time(
  `gate, ${CASES.toLocaleString('en-US')} cases x ${PASSES} passes (${(CASES * PASSES).toLocaleString('en-US')} runs per side, 2 scores)`,
  5,
  () => gate(baseline, current, { maxRegressions: CASES, alpha: 0.05, maxCostIncrease: 0.2 }),
);
const lost = verdict.flips.map((f) => `${f.score} lost ${f.lost.length} gained ${f.gained.length}`);
console.log(`  verdict: ${verdict.pass ? 'pass' : 'fail'} (${lost.join('; ')})`);

const pairs: [number, number][] = [];
const next = random(3);
for (let i = 0; i < INTERVALS; i++) {
  const n = 1 + Math.floor(next() * 2000);
  pairs.push([Math.floor(next() * (n + 1)), n]);
}
for (const [name, interval] of [
  ['wilson', wilson],
  ['clopperPearson', clopperPearson],
] as const) {
  const { ms } = time(
    `${name}, ${INTERVALS.toLocaleString('en-US')} intervals (n up to 2,000)`,
    3,
    () => {
      let sum = 0;
      for (const [k, n] of pairs) sum += interval(k, n).lower;
      return sum;
    },
  );
  const each = (ms / INTERVALS) * 1000;
  console.log(`  about ${each.toFixed(2)} us per interval`);
}
