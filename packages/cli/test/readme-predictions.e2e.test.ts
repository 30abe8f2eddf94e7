// The root README's "Score a predictions file" section, run verbatim: in a project this test
// builds (two small SQLite databases, five cases, not Chinook), a preds.jsonl right on some
// cases and wrong on others is scored, published as the baseline and gated against it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULTS_END, RESULTS_START } from '@nl2sql/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
// The project's evals.yaml also names an HTTP engine whose header reads this variable.
const ENV = { SHOP_ENGINE_TOKEN: 'token' };

/** The section's lines, from its heading to the next one. */
function readmeSection(): string[] {
  const text = readFileSync(join(REPO, 'README.md'), 'utf8');
  const start = text.indexOf('## Score a predictions file\n');
  if (start === -1) throw new Error('README.md has no "Score a predictions file" section');
  const end = text.indexOf('\n## ', start + 1);
  return text
    .slice(start, end === -1 ? undefined : end)
    .trimEnd()
    .split('\n');
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nl2sql-readme-predictions-'));
  await writeShopProject(dir, 'http://127.0.0.1:9');
  // The project's README, with the results block `eval publish` rewrites (as init writes it).
  writeFileSync(join(dir, 'README.md'), `# shop\n\n${RESULTS_START}\n${RESULTS_END}\n`);
  const c = captureIo({ cwd: dir, env: ENV });
  expect(await main(['suite', 'regenerate'], c.io), c.err()).toBe(EXIT.ok);
  // Two right, one wrong, one the database refuses, one missing.
  const answers = [
    { id: 'shop_customers', sql: 'SELECT COUNT(*) FROM customers' },
    { id: 'shop_orders', sql: 'SELECT SUM(total) FROM orders WHERE id > 1' },
    { id: 'support_open', sql: "SELECT COUNT(*) FROM tickets WHERE status = 'open'" },
    { id: 'support_names', sql: 'SELECT name FROM nowhere' },
  ];
  writeFileSync(join(dir, 'preds.jsonl'), `${answers.map((a) => JSON.stringify(a)).join('\n')}\n`);
});

describe('README: score a predictions file', () => {
  it('runs the section verbatim: score, publish, gate', async () => {
    const section = readmeSection();
    expect(section.length).toBeLessThanOrEqual(15);
    const commands = section
      .filter((line) => line.startsWith('npx nl2sql '))
      .map((line) =>
        line
          .replace(/^npx nl2sql /, '')
          .replace(/\s+#.*$/, '')
          .trim(),
      );
    expect(commands).toHaveLength(3);
    const outs: string[] = [];
    for (const command of commands) {
      const c = captureIo({ cwd: dir, env: ENV });
      const code = await main(command.split(' '), c.io);
      expect(code, `${command}\n${c.err()}`).toBe(EXIT.ok);
      outs.push(c.out());
    }
    // Scored: 2 of 5 cases as analyst, 1 of 5 as intern, who must be refused the customers
    // count: a prediction is SQL, so answering it fails.
    expect(outs[0]).toMatch(/accuracy strict\s+3\/10 /);
    expect(outs[0]).toContain('shop_customers as intern: fail: expected refused');
    expect(outs[0]).toContain('NO_PREDICTION: preds.jsonl has no prediction for case shop_oslo');
    const published = readdirSync(join(dir, 'benchmarks'), { recursive: true }).map(String);
    expect(published.some((f) => f.endsWith('.json'))).toBe(true);
    expect(outs[2]).toContain('gate: PASS');
  });

  it('gates a new file against the published one under the same --name: a regression fails', async () => {
    writeFileSync(
      join(dir, 'preds-v2.jsonl'),
      `${JSON.stringify({ id: 'shop_customers', sql: 'SELECT COUNT(*) FROM customers' })}\n`,
    );
    const c = captureIo({ cwd: dir, env: ENV });
    const args = ['eval', 'run', '--predictions', 'preds-v2.jsonl', '--name', 'preds.jsonl'];
    const code = await main([...args, '--baseline', 'benchmarks'], c.io);
    expect(code, c.err()).toBe(EXIT.failed);
    expect(c.out()).toContain('went pass -> fail (support_open@analyst');
    expect(c.out()).toContain('gate: FAIL');
  });
});
