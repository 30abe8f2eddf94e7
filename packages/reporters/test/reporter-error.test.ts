import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkOutputPath, ReporterError, reporterSpecs } from '../src/index.js';

function refusal(run: () => unknown): ReporterError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ReporterError);
    return error as ReporterError;
  }
  throw new Error('expected a refusal');
}

describe('ReporterError', () => {
  test('wrong specs are exit 2, with the message the CLI prints', () => {
    const error = refusal(() => reporterSpecs({ reporter: 'junit' }, '/tmp'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('--reporter junit needs a file: junit=FILE');
  });

  test('an output path through a file is exit 3', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reporters-'));
    writeFileSync(join(dir, 'taken'), 'x');
    const error = refusal(() => checkOutputPath(join(dir, 'taken', 'junit.xml'), 'junit=x'));
    expect(error.exitCode).toBe(3);
  });

  test('specs resolve files against the working directory; text is the default', () => {
    expect(reporterSpecs({}, '/work')).toEqual([{ name: 'text', file: null, given: 'text' }]);
    expect(reporterSpecs({ reporter: ['junit=r/j.xml'] }, '/work')).toEqual([
      { name: 'junit', file: '/work/r/j.xml', given: 'junit=r/j.xml' },
    ]);
  });
});
