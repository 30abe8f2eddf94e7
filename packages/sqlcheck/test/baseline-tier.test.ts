import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setsBaselineTier } from '../src/baseline-tier.js';

const probe = fileURLToPath(new URL('./fixtures/tiering-probe.ts', import.meta.url));

describe('onBaselineTier', () => {
  it('keeps the module it compiles on baseline code while one compiled after it tiers up', () => {
    // A process of its own: V8's flags are the process's, and tiering is read from intrinsics.
    const child = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', probe],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(child.stderr).toBe('');
    const result = JSON.parse(child.stdout.trim());
    expect(result.sum).toBe(55);
    expect(result.later).toEqual({ liftoff: false, turbofan: true });
    expect(result.baseline).toEqual({ liftoff: true, turbofan: false });
  }, 90_000);
});

describe('setsBaselineTier', () => {
  it('changes no flag when the process was started with a tiering flag of its own', () => {
    const names = ['liftoff', 'liftoff-only', 'liftoff_only', 'wasm-tier-up', 'wasm_tier_up'];
    const tiering = fc
      .tuple(
        fc.constantFrom(...names, 'wasm-dynamic-tiering', 'wasm_dynamic_tiering'),
        fc.boolean(),
      )
      .map(([name, negated]) => `--${negated ? 'no-' : ''}${name}`);
    const other = fc.constantFrom(
      '--expose-gc',
      '--max-old-space-size=512',
      '--import',
      'tsx',
      '--liftoffish',
    );
    fc.assert(
      fc.property(fc.array(other), tiering, fc.array(other), (before, flag, after) => {
        expect(setsBaselineTier([...before, flag, ...after])).toBe(false);
        expect(setsBaselineTier([...before, ...after])).toBe(true);
      }),
    );
  });
});
