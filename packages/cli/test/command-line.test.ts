// Help cannot drift: every command's usage line, option list and README entry come from (or
// are checked against) the option table that the parser uses.
import { readFileSync } from 'node:fs';
import { RUN_MODES } from '@nl2sql/records';
import { DEFAULT_MAX_LIMIT, DEFAULT_MAX_SQL_BYTES } from '@nl2sql/sqlcheck';
import { SUITE_MAX_BYTES } from '@nl2sql/suite';
import { describe, expect, test } from 'vitest';
import { commandHelp, parseCommandLine, toCommander, usageLine } from '../src/command-line.js';
import { DEFAULT_MAX_LIMIT_HELP, DEFAULT_MAX_SQL_BYTES_HELP } from '../src/commands/check.js';
import { commands } from '../src/commands/index.js';
import { DEFAULT_SUITE_MAX_MIB } from '../src/commands/suite-size-option.js';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe.each(commands.map((c) => [c.path.join(' '), c] as const))('nl2sql %s', (path, command) => {
  const help = commandHelp(command);

  test('every option the parser knows is in the usage line, the option list and the README', () => {
    const parsed = toCommander(command).options.map((o) => o.long);
    expect(parsed).toEqual(command.options.map((o) => `--${o.name}`));
    const usage = usageLine(command);
    expect(help.startsWith(`Usage: ${usage}\n`)).toBe(true);
    for (const option of command.options) {
      const flag = `--${option.name}`;
      // A required option prints as required everywhere: bare in the usage line, marked in
      // the option list (issue 30).
      if (option.required) {
        expect(usage, flag).toContain(` ${flag} `);
        expect(usage, flag).not.toContain(`[${flag}`);
        expect(help, flag).toMatch(new RegExp(`^  ${flag}( <[^>]+>)? +\\(required\\) \\S`, 'm'));
      } else {
        expect(usage, flag).toContain(`[${flag}`);
        expect(help, flag).toMatch(new RegExp(`^  ${flag}( <[^>]+>)? +\\S`, 'm'));
      }
      expect(readme, `README: ${path} ${flag}`).toContain(flag);
    }
    for (const argument of command.arguments) expect(usage).toContain(argument.name);
    // The README's command table holds each usage line verbatim (| escaped for markdown).
    expect(readme, `README: ${path} usage`).toContain(`\`${usage.replaceAll('|', '\\|')}\``);
  });

  test('a required option left out is a usage error naming it, before anything runs', async () => {
    for (const option of command.options.filter((o) => o.required)) {
      const c = captureIo();
      const others = command.options
        .filter((o) => o.required && o !== option)
        .flatMap((o) => [`--${o.name}`, 'x']);
      expect(await main([...command.path, ...others], c.io)).toBe(EXIT.usage);
      expect(c.err()).toContain(`${path} needs --${option.name} ${option.value}`);
    }
  });

  test('every numeric option has the strict parser', () => {
    for (const option of command.options)
      if (['N', 'USD', 'P', 'X'].includes(option.value ?? ''))
        expect(option.parse, option.name).toBeDefined();
  });

  test('its help documents the exit codes, and `nl2sql help` prints the same', async () => {
    expect(help).toMatch(/\nExit codes:\n {2}0 /);
    for (const code of Object.keys(command.exitCodes))
      expect(help).toMatch(new RegExp(`\\n {2}${code} +\\S`));
    const c = captureIo();
    expect(await main(['help', ...command.path], c.io)).toBe(EXIT.ok);
    expect(c.out()).toBe(help);
    const d = captureIo();
    expect(await main([...command.path, '--help'], d.io)).toBe(EXIT.ok);
    expect(d.out()).toBe(help);
  });

  test('every numeric option refuses what is not plain digits, before anything runs', async () => {
    const positional = command.arguments.some((a) => a.required) ? ['x'] : [];
    for (const option of command.options.filter((o) => o.parse)) {
      for (const bad of ['', '0x10', '1e3', '-1']) {
        const c = captureIo();
        const code = await main([...command.path, ...positional, `--${option.name}`, bad], c.io);
        expect([EXIT.usage, EXIT.config], `--${option.name} ${bad}`).toContain(code);
        expect(c.err().split('\n'), `--${option.name} ${bad}`).toHaveLength(1);
        expect(c.out()).toBe('');
      }
    }
  });
});

describe('the option table', () => {
  test('parses flags by long name, numbers as numbers, repeated flags as lists', () => {
    const evalRun = commands.find((c) => c.path.join(' ') === 'eval run');
    if (!evalRun) throw new Error('no eval run');
    expect(
      parseCommandLine(evalRun, [
        '--max-cost',
        '2.5',
        '--passes',
        '3',
        '--roles',
        'admin',
        '--roles',
        'sales,catalog',
        '--json',
      ]),
    ).toEqual({
      flags: { 'max-cost': 2.5, passes: 3, roles: ['admin', 'sales,catalog'], json: true },
      positionals: [],
    });
  });

  test('defaults written out in help are the libraries’ own', () => {
    expect(DEFAULT_SUITE_MAX_MIB * 1024 * 1024).toBe(SUITE_MAX_BYTES);
    expect(DEFAULT_MAX_LIMIT_HELP).toBe(DEFAULT_MAX_LIMIT);
    expect(DEFAULT_MAX_SQL_BYTES_HELP).toBe(DEFAULT_MAX_SQL_BYTES);
  });

  test("eval run's --mode choices are the run modes @nl2sql/records lists", () => {
    // Written out in the table so `--help` loads no library; held to the one list here.
    const evalRun = commands.find((c) => c.path.join(' ') === 'eval run');
    const mode = evalRun?.options.find((o) => o.name === 'mode');
    expect(mode?.choices).toEqual([...RUN_MODES]);
  });
});

test('judge calibrate and init print their required option as required (it was shown as optional)', () => {
  const byPath = new Map(commands.map((c) => [c.path.join(' '), c]));
  const judge = byPath.get('judge calibrate');
  const init = byPath.get('init');
  if (!judge || !init) throw new Error('commands missing');
  expect(usageLine(judge)).toMatch(/^nl2sql judge calibrate --llm CONFIG \[--labels FILE\]/);
  // --roles is issue 26's (init for PostgreSQL).
  expect(usageLine(init)).toBe('nl2sql init --db PATH [--datasource ID] [--roles ROLE,..]');
});
