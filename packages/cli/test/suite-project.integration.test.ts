// `suite lint` and `suite regenerate` in a project of two SQLite databases this test writes:
// each case checked against, and read from, the datasource it names; a case naming one the
// project lacks is found by lint and refused by regenerate before anything is written.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'unused-here' };
let dir: string;
let suite: string;

async function cli(args: string[]) {
  const c = captureIo({ cwd: dir, env: ENV });
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-suite-project-'));
  await writeShopProject(dir, 'http://127.0.0.1:9');
  suite = join(dir, 'suites', 'shop.yaml');
});

describe('suite regenerate and suite lint in a project', () => {
  test("regenerate writes each case's rows from its own database, then changes no byte", async () => {
    const first = await cli(['suite', 'regenerate']);
    expect(first.code, first.err).toBe(EXIT.ok);
    const text = readFileSync(suite, 'utf8');
    // customers (3) is in shop; open tickets (2) in support: a case read from the other
    // database would fail (no such table), not get these rows.
    expect(text).toMatch(/id: shop_customers[\s\S]*?rows:\n\s+- \[ 3 \]/);
    expect(text).toMatch(/id: support_open[\s\S]*?rows:\n\s+- \[ 2 \]/);
    const second = await cli(['suite', 'regenerate']);
    expect(second.out).toContain('rows already current');
    expect(readFileSync(suite, 'utf8')).toBe(text);
  });

  test('lint checks every case against its own database and the project policy: clean', async () => {
    const r = await cli(['suite', 'lint']);
    expect(r.code, r.out).toBe(EXIT.ok);
    expect(r.out).toBe(
      `${suite}: 5 cases, modes plans, full, engine, retrieval: 0 error(s), 0 warning(s)`,
    );
  });

  test('an outcome the project policy contradicts is found', async () => {
    const bad = join(dir, 'suites', 'outcome.yaml');
    writeFileSync(
      bad,
      readFileSync(suite, 'utf8').replace(
        /(id: shop_customers[\s\S]*?intern: )refused/,
        '$1allowed',
      ),
    );
    const r = await cli(['suite', 'lint', bad]);
    expect(r.code).toBe(EXIT.failed);
    expect(r.out).toContain(
      'shop_customers: outcome-mismatch (error): role intern: allowed, but the policy gives refused',
    );
  });

  test('a case naming a datasource the project lacks: lint reports it, regenerate writes nothing', async () => {
    const bad = join(dir, 'suites', 'billing.yaml');
    writeFileSync(
      bad,
      readFileSync(suite, 'utf8').replace(
        /(id: support_open[\s\S]*?datasource: )support/,
        '$1billing',
      ),
    );
    const before = readFileSync(bad, 'utf8');
    const lint = await cli(['suite', 'lint', bad]);
    expect(lint.code).toBe(EXIT.failed);
    expect(lint.out).toContain(
      'support_open: unknown-datasource (error): datasource billing is not one this run knows (shop, support)',
    );
    const regen = await cli(['suite', 'regenerate', bad]);
    expect(regen.code).toBe(EXIT.config);
    expect(regen.err).toContain(
      'case support_open: datasource billing is not one of shop, support',
    );
    expect(readFileSync(bad, 'utf8')).toBe(before);
  });
});
