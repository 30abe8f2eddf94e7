import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

describe('main', () => {
  test('--help lists every command and the exit codes', async () => {
    const c = captureIo();
    expect(await main(['--help'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toContain('eval run');
    expect(c.out()).toContain('Exit codes: 0 ok, 1 failed');
    expect(c.out()).toContain('130 stopped by Ctrl-C or SIGTERM');
  });

  test('a command --help prints its usage and options', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', '--help'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toMatch(/^Usage: nl2sql eval run /);
    expect(c.out()).toContain('--json');
  });

  test('an unknown command is a usage error (exit 2) that names it', async () => {
    const c = captureIo();
    expect(await main(['frobnicate'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toBe("nl2sql: unknown command 'frobnicate'. Run `nl2sql --help`.");
  });

  test('an unknown command suggests the closest one', async () => {
    for (const typed of [
      ['eval', 'rn'],
      ['evl', 'run'],
      ['help', 'eval', 'rnu'],
    ]) {
      const c = captureIo();
      expect(await main(typed, c.io)).toBe(EXIT.usage);
      expect(c.err(), typed.join(' ')).toContain('(did you mean `eval run`?)');
    }
  });

  test('an unknown flag suggests the closest one', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', '--jsn'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toBe(
      "nl2sql: unknown option '--jsn' (did you mean --json?) (nl2sql eval run --help)",
    );
  });

  test('`nl2sql help` lists the commands; `nl2sql help eval` lists a group', async () => {
    const all = captureIo();
    expect(await main(['help'], all.io)).toBe(EXIT.ok);
    expect(all.out()).toContain('suite regenerate');
    const group = captureIo();
    expect(await main(['help', 'eval'], group.io)).toBe(EXIT.ok);
    expect(group.out()).toContain('eval gate');
    expect(group.out()).not.toContain('suite lint');
  });

  test('an unknown flag is a usage error (exit 2) that names the flag and the command', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', '--frob'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain('--frob');
    expect(c.err()).toContain('nl2sql eval run --help');
  });

  test('a stray argument is a usage error', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', 'extra'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain(
      'too many arguments. Expected 0 arguments but got 1. (nl2sql eval run --help)',
    );
  });

  test('--version prints the version of the cli package.json', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(pkg.version).not.toBe('0.0.0');
    for (const flag of ['--version', '-v']) {
      const c = captureIo();
      expect(await main([flag], c.io)).toBe(EXIT.ok);
      expect(c.out().trim()).toBe(pkg.version);
    }
  });
});
