// The root README as a newcomer reads it: every package in its table, grouped, each link
// leading somewhere; and no pointer into this project's issue tracker, which a reader of
// the README (on the registry, in a tarball) cannot follow.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPackages, ROOT } from './tarballs.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const GROUPS = ['scoring', 'data', 'engines', 'running', 'authoring', 'reporting'];

/** Rows of the package table: `| group | [`@nl2sql/x`](packages/x) | what it does |`. */
const rows = [
  ...README.matchAll(/^\| (\w+) \| \[`(@nl2sql\/[a-z0-9-]+)`\]\(([^)]+)\) \| (.+) \|$/gm),
].map(([, group, name, link, what]) => ({ group: group!, name: name!, link: link!, what: what! }));

describe("the README's package table", () => {
  it('lists every public package once, under one of the groups', () => {
    const names = publicPackages()
      .map((pkg) => pkg.name)
      .sort();
    expect(rows.map((row) => row.name).sort()).toEqual(names);
    for (const row of rows) expect(GROUPS, row.name).toContain(row.group);
  });

  it('keeps each group together, in the order of the groups', () => {
    const order = rows.map((row) => row.group).filter((g, i, all) => all.indexOf(g) === i);
    expect(order).toEqual(GROUPS.filter((g) => order.includes(g)));
    const runs = rows.map((row) => row.group).filter((g, i, all) => g !== all[i - 1]);
    expect(runs).toEqual(order);
  });

  it("links each package to its folder, which holds that package's package.json", () => {
    for (const row of rows) {
      const manifest = join(ROOT, row.link, 'package.json');
      expect(existsSync(manifest), row.link).toBe(true);
      expect(JSON.parse(readFileSync(manifest, 'utf8')).name).toBe(row.name);
    }
  });
});

describe('the README', () => {
  it('points at no issue of this project (a reader outside it cannot follow one)', () => {
    expect(README.match(/\bissues? #?\d+|#\d{1,4}\b/gi) ?? []).toEqual([]);
  });

  it('says where `pnpm nl2sql` and where `npx nl2sql` is meant, and how to install the CLI', () => {
    expect(README).toContain('npm install --save-dev @nl2sql/cli');
    expect(README).toMatch(/checkout[^.]*`pnpm nl2sql`/);
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(root.scripts.nl2sql).toBe('node scripts/nl2sql.mjs');
  });
});

describe("each package's README and the docs", () => {
  // Published in every tarball, so read where this project's tracker is out of reach.
  const pages = [
    ...publicPackages().map((pkg) => join(pkg.dir, 'README.md')),
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(ROOT, 'docs', name)),
  ];

  it.each(pages.map((page) => [page.slice(ROOT.length)]))('%s points at no issue', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    expect(text.match(/\bissues? #?\d+/gi) ?? []).toEqual([]);
  });
});
