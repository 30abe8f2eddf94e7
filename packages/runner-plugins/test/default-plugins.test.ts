// defaultPlugins() gives every plugin of runEval, over the real packages.
import { describe, expect, it } from 'vitest';
import { defaultPlugins } from '../src/index.js';

describe('defaultPlugins', () => {
  it('gives the SQL parser, the test suite, the verdict cascade and efficiency', async () => {
    const plugins = await defaultPlugins();
    expect(Object.keys(plugins).sort()).toEqual(['efficiency', 'judge', 'sql', 'testSuite']);
  });

  it("gives a safety check that refuses a write, and a read set of a query's tables", async () => {
    const { sql } = await defaultPlugins();
    await sql.load();
    const unsafe = await sql.checkSafety('DELETE FROM Artist', { dialect: 'sqlite' });
    expect(unsafe.violations.length).toBeGreaterThan(0);
    const safe = await sql.checkSafety('SELECT Name FROM Artist LIMIT 5', { dialect: 'sqlite' });
    expect(safe.violations).toEqual([]);
    const reads = await sql.readSet('SELECT a.Name FROM Artist a', undefined, {
      dialect: 'sqlite',
    });
    expect(reads?.tables).toEqual(['Artist']);
  });

  it('lets no malformed calibration record through the calibration check', async () => {
    const { judge } = await defaultPlugins();
    expect(() => judge.calibrationFailure({}, { identity: {} })).toThrow();
  });

  it('tells a test-suite error apart from any other', async () => {
    const { testSuite } = await defaultPlugins();
    expect(testSuite.isSuiteError(new Error('x'))).toBe(false);
  });
});
