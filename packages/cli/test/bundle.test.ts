// The `nl2sql` users run is the bundle (scripts/bundle.mjs, decisions/cli-bundle.md): these
// tests run it as a process, where the rest of this suite calls the source.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chinookForTests } from '@nl2sql/datasets';
import { validatorKey } from '@nl2sql/format';
import { EVALS_FORMAT } from '@nl2sql/project';
import { SUITE_FORMAT } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as {
  version: string;
  bin: { nl2sql: string };
  dependencies: Record<string, string>;
};
const bin = join(here, pkg.bin.nl2sql);
const bundleDir = join(here, 'dist', 'bundle');
const chinook = await chinookForTests();
/** What scripts/bundle.mjs leaves out of the bundle. */
const EXTERNAL = JSON.parse(
  readFileSync(join(here, 'scripts', 'bundle-external.json'), 'utf8'),
) as string[];

const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env } });

/** Every file of the bundle: the entry and its chunks. */
function bundleFiles(): string[] {
  const chunks = join(bundleDir, 'chunks');
  return [join(bundleDir, 'nl2sql.js'), ...readdirSync(chunks).map((f) => join(chunks, f))];
}

describe('the bundled nl2sql', () => {
  it('is the package bin, a program for node, and prints the version of its package.json', () => {
    expect(pkg.bin.nl2sql).toBe('./dist/bundle/nl2sql.js');
    // npm's and pnpm's bin links run the file itself
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const r = run(here, '--version');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('imports at run time only what is left out, each a dependency of the cli', () => {
    const imported = new Set<string>();
    for (const file of bundleFiles()) {
      const text = readFileSync(file, 'utf8');
      const statics = text.matchAll(/^(?:import|export)\b[^;\n]*?\bfrom\s*"([^".][^"]*)";/gm);
      for (const m of [...statics, ...text.matchAll(/\bimport\("([^".][^"]*)"\)/g)]) {
        const name = m[1] as string;
        if (!name.startsWith('node:')) imported.add(name);
      }
    }
    expect([...imported].filter((name) => !EXTERNAL.includes(name))).toEqual([]);
    // the SQL parser and the SQLite driver at least: were they bundled, they would not load
    expect(imported).toContain('@polyglot-sql/sdk/manual');
    expect(imported).toContain('sqlite3');
    for (const name of imported) {
      const root = name.startsWith('@')
        ? name.split('/').slice(0, 2).join('/')
        : name.split('/')[0];
      expect(pkg.dependencies, name).toHaveProperty(root as string);
    }
  });

  it("points each file that finds its package's files at the installed package", () => {
    const targets: string[] = [];
    for (const file of bundleFiles()) {
      const text = readFileSync(file, 'utf8');
      const re =
        /new URL\("(dist\/[^"]+)", import\.meta\.resolve\("@nl2sql\/([^/"]+)\/package\.json"\)\)/g;
      for (const m of text.matchAll(re)) targets.push(`${m[2]}/${m[1]}`);
    }
    // the Chinook suite's path, the LLM presets, git facts, the engine's manifest, the page script
    for (const name of ['datasets', 'llm', 'records', 'reference-engine', 'report', 'cli']) {
      expect(
        targets.some((t) => t.startsWith(`${name}/`)),
        name,
      ).toBe(true);
      if (name !== 'cli') expect(pkg.dependencies, name).toHaveProperty(`@nl2sql/${name}`);
    }
    for (const t of targets) expect(existsSync(join(here, '..', t)), t).toBe(true);
  });

  it("registers the suite's and evals.yaml's deciding validators, compiled at the build", () => {
    const text = bundleFiles()
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const format of [SUITE_FORMAT, EVALS_FORMAT]) {
      expect(text, format.id).toContain(`registerPrecompiledValidator("${validatorKey(format)}"`);
    }
  });

  it('still finds a suite that is not in the format, at its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-bundle-'));
    writeFileSync(
      join(dir, 'bad.yaml'),
      'name: bad\nversion: 1\ncases:\n  - id: a\n    question: q\n    colour: red\n',
    );
    const r = run(dir, 'suite', 'lint', 'bad.yaml');
    // the same finding as dist/bin.js gives: the listing validator, compiled now, locates it
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.yaml:4, case a, field datasource: missing required field/);
    expect(`${r.stdout}${r.stderr}`).not.toContain('    at ');
  });

  it.skipIf(chinook.path === undefined)(
    'runs two Chinook cases end to end and writes the page of its record',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-bundle-'));
      const r = run(dir, 'eval', 'run', '--cases', 'chinook_001,chinook_002', '--save', 'run.json');
      expect(r.stderr).toContain('saved run.json');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/accuracy strict +6\/6 +100\.0%/);
      const page = run(dir, 'eval', 'report', 'run.json', '--out', 'page.html');
      expect(page.status).toBe(0);
      expect(readFileSync(join(dir, 'page.html'), 'utf8')).toContain('<script');
    },
  );
});
