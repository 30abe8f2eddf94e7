import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';
import { writeDatabase } from './sqlite-file.js';

describe('nl2sql suite regenerate in a project', () => {
  it("rewrites the rows the data changed from the project's datasource, then changes no byte", async () => {
    const dir = await initialisedShop();
    await writeFile(
      join(dir, 'pairs.csv'),
      'id,question,sql\nn,How many customers?,SELECT COUNT(*) FROM customers\nt,Largest order?,SELECT MAX(total) FROM orders\n',
    );
    expect((await cli(dir, 'suite', 'import', 'pairs.csv')).code).toBe(EXIT.ok);
    await writeDatabase(join(dir, 'shop.sqlite'), [
      "INSERT INTO customers VALUES (4, 'Dana', 'Pune')",
    ]);
    const first = await cli(dir, 'suite', 'regenerate');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toContain('wrote rows of 1 case(s) (n)');
    const path = join(dir, 'suites', 'shop.yaml');
    const bytes = await readFile(path, 'utf8');
    expect(bytes).toContain('    rows:\n      - [ 4 ]\n');
    const second = await cli(dir, 'suite', 'regenerate');
    expect(second.code).toBe(EXIT.ok);
    expect(second.out).toContain('rows already current');
    expect(await readFile(path, 'utf8')).toBe(bytes);
  });

  it('refuses the packaged Chinook suite in place (exit 3), writing nothing', async () => {
    const dir = await initialisedShop();
    const before = await readFile(CHINOOK_SUITE_PATH, 'utf8');
    const r = await cli(dir, 'suite', 'regenerate', CHINOOK_SUITE_PATH);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toMatch(/ships inside the package @nl2sql\/datasets/);
    expect(await readFile(CHINOOK_SUITE_PATH, 'utf8')).toBe(before);
  });

  it("with the project's database missing, a case naming a datasource the project lacks is still reported first (exit 3), writing nothing", async () => {
    const dir = await initialisedShop();
    await writeFile(
      join(dir, 'pairs.csv'),
      'id,question,sql\nn,How many customers?,SELECT COUNT(*) FROM customers\n',
    );
    expect((await cli(dir, 'suite', 'import', 'pairs.csv')).code).toBe(EXIT.ok);
    await rm(join(dir, 'shop.sqlite'));
    const path = join(dir, 'suites', 'shop.yaml');
    const mine = await readFile(path, 'utf8');
    await writeFile(path, mine.replace('datasource: shop', 'datasource: billing'));
    const before = await readFile(path, 'utf8');
    const stray = await cli(dir, 'suite', 'regenerate');
    expect(stray.code).toBe(EXIT.config);
    expect(stray.err).toBe(
      `nl2sql: ${path}: case n: datasource billing is not one of shop (the datasources of ${join(dir, 'evals.yaml')}); nothing was written`,
    );
    expect(await readFile(path, 'utf8')).toBe(before);
    // The suite as imported gets as far as the database, whose absence is located in evals.yaml.
    await writeFile(path, mine);
    const missing = await cli(dir, 'suite', 'regenerate');
    expect(missing.code).toBe(EXIT.config);
    expect(missing.err).toMatch(
      /^nl2sql: .*evals\.yaml:\d+: datasources\.shop\.path: .*shop\.sqlite: no such file$/,
    );
  });
});
