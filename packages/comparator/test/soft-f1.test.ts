import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { softF1, type TableLike } from '../src/index.js';

const t = (rows: readonly (readonly unknown[])[], width = rows[0]?.length ?? 1): TableLike => ({
  columns: Array.from({ length: width }, (_, i) => `c${i}`),
  rows,
});

// Hand-computed from BIRD's calculate_f1_score (evaluation/evaluation_f1.py, mini_dev).
describe('softF1: BIRD mini-dev Soft-F1', () => {
  it('scores 1 for identical results and for two empty ones', () => {
    expect(
      softF1(
        t([
          [1, 'a'],
          [2, 'b'],
        ]),
        t([
          [1, 'a'],
          [2, 'b'],
        ]),
      ),
    ).toBe(1);
    expect(softF1(t([], 2), t([], 3))).toBe(1);
  });

  it('scores 0 when exactly one side is empty', () => {
    expect(softF1(t([[1]]), t([], 1))).toBe(0);
    expect(softF1(t([], 1), t([[1]]))).toBe(0);
  });

  it('pairs rows by position: the same rows in another order lose credit', () => {
    expect(softF1(t([[1], [2]]), t([[2], [1]]))).toBe(0);
    // Two columns swapped within each row still match (membership in the row).
    expect(softF1(t([[1, 'a']]), t([['a', 1]]))).toBe(1);
  });

  it('drops duplicates first, keeping first occurrences in order', () => {
    expect(softF1(t([[1], [1], [2]]), t([[1], [2], [2]]))).toBe(1);
  });

  it('gives partial credit per cell, divided by the gold row width', () => {
    // Gold (1, 2) vs result (1, 3): matched 1/2, extra 1/2, missing 1/2 -> P = R = F1 = 0.5.
    expect(softF1(t([[1, 2]]), t([[1, 3]]))).toBe(0.5);
    // One of two gold rows returned: tp 1, fn 1, fp 0 -> P 1, R 0.5, F1 2/3.
    expect(softF1(t([[1], [2]]), t([[1]]))).toBeCloseTo(2 / 3, 15);
  });

  it('compares by Python equality: 1 == 1.0 == True, strings never equal numbers', () => {
    expect(softF1(t([[1]]), t([[true]]))).toBe(1);
    expect(softF1(t([[1]]), t([[1.0]]))).toBe(1);
    expect(softF1(t([[1]]), t([['1']]))).toBe(0);
    expect(softF1(t([[1.5]]), t([[1.5000001]]))).toBe(0);
  });

  it('stays within [0, 1] and is 1 on a result equal to the gold (property)', () => {
    fc.assert(
      fc.property(pairArb, ([gold, result]) => {
        const s = softF1(gold, result);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(softF1(gold, gold)).toBe(1);
      }),
    );
  });
});

const cell = fc.oneof(
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(0.5, 1.5, 2.25, -1.0),
  fc.constantFrom('a', 'b', '1', ''),
  fc.constant(null),
  fc.boolean(),
);
const tableArb = (width: number) =>
  fc
    .array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 })
    .map((rows) => t(rows, width));
const pairArb = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }))
  .chain(([gw, rw]) => fc.tuple(tableArb(gw), tableArb(rw)));

// BIRD's own function, imported from the mirror's evaluation_f1.py with its I/O imports
// stubbed (func_timeout, the database drivers): only calculate_f1_score is called.
const MIRROR = process.env.BIRD_MINI_DEV_GIT ?? '/work/.mirror/bird-bench+mini_dev/repo';
const DRIVER = `
import json, sys, types
stub = types.ModuleType('func_timeout')
stub.func_timeout = None
stub.FunctionTimedOut = Exception
sys.modules['func_timeout'] = stub
utils = types.ModuleType('evaluation_utils')
for name in ['load_jsonl', 'execute_sql', 'package_sqls', 'sort_results', 'print_data']:
    setattr(utils, name, None)
sys.modules['evaluation_utils'] = utils
sys.path.insert(0, sys.argv[1])
from evaluation_f1 import calculate_f1_score
pairs = json.load(open(sys.argv[2]))
out = [calculate_f1_score([tuple(r) for r in p], [tuple(r) for r in g]) for g, p in pairs]
json.dump([repr(float(x)) for x in out], sys.stdout)
`;

function birdScript(): { dir: string } | { skip: string } {
  if (!existsSync(MIRROR)) return { skip: `BIRD mini_dev mirror not found at ${MIRROR}` };
  if (spawnSync('python3', ['--version']).status !== 0) return { skip: 'python3 is not found' };
  const dir = mkdtempSync(join(tmpdir(), 'bird-f1-'));
  const source = execFileSync('git', ['-C', MIRROR, 'show', 'HEAD:evaluation/evaluation_f1.py']);
  writeFileSync(join(dir, 'evaluation_f1.py'), source);
  writeFileSync(join(dir, 'driver.py'), DRIVER);
  return { dir };
}

const script = birdScript();
if ('skip' in script) console.log(`soft-f1 agreement with BIRD skipped: ${script.skip}`);
afterAll(() => {
  if ('dir' in script) rmSync(script.dir, { recursive: true, force: true });
});

describe.skipIf('skip' in script)("softF1 agrees with BIRD's evaluation_f1.py", () => {
  it('on 2,000 random result pairs, bit for bit', () => {
    const dir = (script as { dir: string }).dir;
    const pairs = fc.sample(pairArb, { numRuns: 2000, seed: 29 });
    const file = join(dir, 'pairs.json');
    writeFileSync(file, JSON.stringify(pairs.map(([g, r]) => [g.rows, r.rows])));
    const out = execFileSync('python3', ['-B', join(dir, 'driver.py'), dir, file], {
      encoding: 'utf8',
    });
    const theirs = (JSON.parse(out) as string[]).map(Number);
    const ours = pairs.map(([g, r]) => softF1(g, r));
    const agree = ours.filter((s, i) => s === theirs[i]).length;
    console.log(`soft-f1 agreement with BIRD's evaluation_f1.py: ${agree}/${pairs.length}`);
    expect(theirs).toHaveLength(pairs.length);
    expect(ours).toEqual(theirs);
  });
});
