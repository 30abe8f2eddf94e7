import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

describe('main', () => {
  test('--help lists every command and the exit codes', async () => {
    const c = captureIo();
    expect(await main(['--help'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toContain('eval run');
    expect(c.out()).toContain('Exit codes: 0 ok, 1 failed');
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
    expect(c.err()).toContain("unknown command 'frobnicate'");
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
    expect(c.err()).toContain('takes 0 argument(s), got 1');
  });

  test('--version prints the package version', async () => {
    const c = captureIo();
    expect(await main(['--version'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
