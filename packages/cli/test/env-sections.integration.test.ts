import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli } from './authoring-project.js';
import { writeShopProject } from './fixtures/shop-project.js';

// Issue 26: an engine's ${env:} variable is read when the engine is used, so a token that is
// not set blocks the run of that engine, not every other command.
describe("an engine's env reference, resolved only where the engine is used", () => {
  it('lets suite commands run without it; eval run of that engine names it at its line (exit 3)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-env-'));
    await writeShopProject(dir, 'http://127.0.0.1:9');
    const regenerate = await cli(dir, 'suite', 'regenerate');
    expect(regenerate.code, regenerate.err).toBe(EXIT.ok);
    const lint = await cli(dir, 'suite', 'lint');
    expect(lint.err).not.toContain('SHOP_ENGINE_TOKEN');
    const run = await cli(dir, 'eval', 'run', '--engine', 'mine');
    expect(run.code).toBe(EXIT.config);
    expect(run.err).toMatch(
      /evals\.yaml:\d+: engines\.mine\.headers\.Authorization: the environment variable SHOP_ENGINE_TOKEN is not set/,
    );
  });
});
