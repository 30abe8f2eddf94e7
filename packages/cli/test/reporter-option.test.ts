import { describe, expect, test } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { EXIT } from '../src/exit-codes.js';
import { parseReporter, reporterSpecs } from '../src/reporters/reporter-option.js';

const cwd = '/work/project';

function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    return (error as CliError).message;
  }
  throw new Error('expected a usage error');
}

const names = (flags: Parameters<typeof reporterSpecs>[0]) =>
  reporterSpecs(flags, cwd).map((s) => (s.file === null ? s.name : `${s.name}=${s.file}`));

describe('--reporter NAME[=FILE]', () => {
  test('reads each reporter, files resolved against the working directory', () => {
    expect(parseReporter('junit=out/junit.xml', cwd)).toEqual({
      name: 'junit',
      file: '/work/project/out/junit.xml',
      given: 'junit=out/junit.xml',
    });
    expect(parseReporter('json', cwd).file).toBeNull();
    expect(parseReporter('json=r.json', cwd).file).toBe('/work/project/r.json');
    expect(parseReporter('html=a=b.html', cwd).file).toBe('/work/project/a=b.html');
  });

  test('refuses an unknown name, a missing file and a file where none is written (exit 2)', () => {
    expect(usage(() => parseReporter('xml', cwd))).toBe(
      '--reporter must be one of text, json[=FILE], junit=FILE, github, html=FILE or selection=FILE, got "xml"',
    );
    expect(usage(() => parseReporter('junit', cwd))).toBe(
      '--reporter junit needs a file: junit=FILE',
    );
    expect(usage(() => parseReporter('html=', cwd))).toContain('needs a file');
    expect(usage(() => parseReporter('text=board.txt', cwd))).toContain('takes no file');
    expect(usage(() => parseReporter('github=x', cwd))).toContain('takes no file');
    expect(usage(() => parseReporter('__proto__', cwd))).toContain('must be one of');
  });
});

describe('the reporters a run uses', () => {
  test('text by default; --json is json; any --reporter replaces the default; --report adds html', () => {
    expect(names({})).toEqual(['text']);
    expect(names({ json: true })).toEqual(['json']);
    expect(names({ reporter: ['junit=j.xml'] })).toEqual(['junit=/work/project/j.xml']);
    expect(names({ reporter: ['text', 'junit=j.xml', 'github'] })).toEqual([
      'text',
      'junit=/work/project/j.xml',
      'github',
    ]);
    expect(names({ report: 'r.html' })).toEqual(['text', 'html=/work/project/r.html']);
    expect(names({ json: true, report: 'r.html' })).toEqual(['json', 'html=/work/project/r.html']);
    expect(names({ reporter: ['text', 'text'], report: 'r.html' })).toEqual([
      'text',
      'html=/work/project/r.html',
    ]);
  });

  test('JSON on stdout cannot share it with the board or annotations; json=FILE can', () => {
    expect(usage(() => names({ json: true, reporter: ['text'] }))).toContain(
      'write the JSON to a file with --reporter json=FILE',
    );
    expect(usage(() => names({ reporter: ['json', 'github'] }))).toContain(
      'json writes JSON to stdout and github writes there too',
    );
    expect(names({ reporter: ['json=r.json', 'text', 'github'] })).toEqual([
      'json=/work/project/r.json',
      'text',
      'github',
    ]);
  });

  test('two outputs to one file, or to the --save or --journal file, are refused', () => {
    expect(usage(() => names({ reporter: ['junit=x.xml', 'html=./x.xml'] }))).toBe(
      'html=./x.xml and junit=x.xml name the same file; give each its own',
    );
    expect(usage(() => names({ report: 'run.json', save: 'run.json' }))).toBe(
      '--report run.json and --save run.json name the same file; give each its own',
    );
    expect(usage(() => names({ reporter: ['json=j.jsonl'], journal: 'j.jsonl' }))).toContain(
      '--journal j.jsonl',
    );
  });
});
