// checkSql(), initProject() and comparatorDemo() on the real Chinook database: the data a
// script reads back, and what the commands print.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { checkSql, comparatorDemo, EvaluateError, EXIT, initProject } from '../src/index.js';
import { captureIo } from './capture-io.js';

const chinook = await chinookForTests();
const db = chinook.path as string;

describe('checkSql()', () => {
  test.skipIf(!chinook.path)(
    'checks L2 on the introspected schema and returns the report',
    async () => {
      const c = captureIo();
      const passed = await checkSql({ sql: 'SELECT Name FROM Artist LIMIT 5', db }, c.io);
      expect(passed.exitCode).toBe(EXIT.ok);
      expect(passed.report.pass).toBe(true);
      expect(passed.report.levels.map((l) => [l.level, l.skipped])).toEqual([
        ['L1', false],
        ['L2', false],
        ['L3', false],
      ]);
      expect(c.out()).toMatch(/All checks passed\.$/);
      const unknown = await checkSql(
        { sql: 'SELECT Nom FROM Artist LIMIT 5', db, json: true },
        c.io,
      );
      expect(unknown.exitCode).toBe(EXIT.failed);
      expect(unknown.report.levels.find((l) => l.level === 'L2')?.pass).toBe(false);
      // --json: the report itself on stdout.
      expect(JSON.parse(c.out().slice(c.out().indexOf('{')))).toEqual(unknown.report);
    },
  );

  test('the allowed tables, given as a list or comma text, are the same rule', async () => {
    const { io } = captureIo();
    const asList = await checkSql(
      { sql: 'SELECT * FROM Invoice LIMIT 1', table: ['Artist', 'Album'] },
      io,
    );
    const asText = await checkSql(
      { sql: 'SELECT * FROM Invoice LIMIT 1', table: 'Artist,Album' },
      io,
    );
    expect(asList.exitCode).toBe(EXIT.failed);
    expect(asText.report).toEqual(asList.report);
  });
});

describe('initProject()', () => {
  test.skipIf(!chinook.path)('writes the project and returns its files and tables', async () => {
    const c = captureIo();
    const result = await initProject({ db, datasource: 'music' }, c.io);
    expect(result.exitCode).toBe(EXIT.ok);
    expect(result.files).toEqual(['evals.yaml', 'suites/music.yaml', 'README.md']);
    expect(result.datasource).toBe('music');
    expect(result.tables).toHaveLength(11);
    expect(result.tables).toContain('Invoice');
    for (const file of result.files) expect(existsSync(join(c.cwd, file))).toBe(true);
    expect(readFileSync(join(c.cwd, 'evals.yaml'), 'utf8')).toContain('engine: sqlite');
    expect(c.out()).toContain('datasource music: 11 table(s), all readable by role analyst');
    // A second time writes nothing over the first.
    await expect(initProject({ db }, c.io)).rejects.toThrow(EvaluateError);
  });
});

describe('comparatorDemo()', () => {
  test.skipIf(!chinook.path)(
    'scores the demo cases both ways and returns the accuracies',
    async () => {
      const c = captureIo();
      const result = await comparatorDemo({ db }, c.io);
      expect(result.exitCode).toBe(EXIT.ok);
      expect(result.database).toBe(db);
      expect(result.cases).toHaveLength(7);
      const strict = result.cases.filter((r) => r.strict.pass).length;
      const lenient = result.cases.filter((r) => r.lenient.pass).length;
      expect(result.accuracy.strict).toMatchObject({ k: strict, n: 7 });
      expect(result.accuracy.lenient).toMatchObject({ k: lenient, n: 7 });
      // Lenient forgives what strict refuses, never the reverse.
      expect(lenient).toBeGreaterThan(strict);
      for (const r of result.cases) if (r.strict.pass) expect(r.lenient.pass).toBe(true);
      expect(c.out()).toContain(`strict accuracy   ${strict}/7`);
    },
  );
});
