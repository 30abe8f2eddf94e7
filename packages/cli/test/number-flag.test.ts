import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { EXIT } from '../src/index.js';
import { type NumberRule, parseNumber } from '../src/number-flag.js';

const dollars: NumberRule = {
  kind: 'decimal',
  expects: 'a positive number of dollars',
  min: 0,
  minExclusive: true,
};
const count: NumberRule = { kind: 'integer', expects: 'a whole number, at least 1', min: 1 };

function outcome(text: string, rule: NumberRule): number | CliError {
  try {
    return parseNumber(text, rule, '--x');
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
}

describe('parseNumber', () => {
  test('refuses what Number() would take: empty, hex, exponent, spaces, signs, Infinity', () => {
    // Regression: `--max-cost ''` was $0 and `--max-cost 0x10` was $16.
    for (const text of [
      '',
      ' ',
      '0x10',
      '0b1',
      '0o7',
      '1e3',
      ' 5',
      '5 ',
      '+5',
      '.5',
      '5.',
      'Infinity',
      'NaN',
      '1_000',
      '１',
    ]) {
      const result = outcome(text, dollars);
      expect(result, JSON.stringify(text)).toBeInstanceOf(CliError);
      expect((result as CliError).exitCode).toBe(EXIT.usage);
    }
  });

  test('messages say what is expected', () => {
    expect((outcome('-1', dollars) as CliError).message).toBe(
      '--x must be a positive number of dollars, got "-1"',
    );
    expect((outcome('0', dollars) as CliError).message).toBe(
      '--x must be a positive number of dollars, got "0"',
    );
    expect((outcome('0x10', dollars) as CliError).message).toBe(
      '--x must be a positive number of dollars, got "0x10" (plain digits, like 10 or 2.5)',
    );
    expect((outcome('2.5', count) as CliError).message).toBe(
      '--x must be a whole number, at least 1, got "2.5" (plain digits, like 3)',
    );
  });

  test('a limit the tool sets is exit 3 and says why', () => {
    const rule: NumberRule = { ...count, limit: { max: 100, why: 'because' } };
    expect(outcome('100', rule)).toBe(100);
    const error = outcome('101', rule) as CliError;
    expect(error.exitCode).toBe(EXIT.config);
    expect(error.message).toBe('--x 101 is above the maximum of 100: because');
  });

  test('bounds: exclusive and inclusive at both ends', () => {
    const alpha: NumberRule = {
      kind: 'decimal',
      expects: 'p',
      min: 0,
      minExclusive: true,
      max: 1,
      maxExclusive: true,
    };
    expect(outcome('0.05', alpha)).toBe(0.05);
    for (const t of ['0', '1', '2', '0.0']) expect(outcome(t, alpha)).toBeInstanceOf(CliError);
    const atLeastZero: NumberRule = { kind: 'integer', expects: 'n', min: 0 };
    expect(outcome('0', atLeastZero)).toBe(0);
    expect(outcome('9007199254740993', atLeastZero)).toBeInstanceOf(CliError);
  });

  test('any string: accepted exactly when it is plain digits in range, as that number', () => {
    const text = fc.oneof(
      fc.string(),
      fc.stringMatching(/^-?[0-9]{1,6}(\.[0-9]{1,4})?$/),
      fc.constantFrom('0', '00', '1', '0.0', '-0', '1e2', '0x1f'),
    );
    fc.assert(
      fc.property(text, (s) => {
        const result = outcome(s, dollars);
        const plain = /^[0-9]+(\.[0-9]+)?$/.test(s);
        if (plain && Number(s) > 0) expect(result).toBe(Number(s));
        else expect((result as CliError).exitCode).toBe(EXIT.usage);
        const whole = outcome(s, count);
        if (/^[0-9]+$/.test(s) && Number(s) >= 1) expect(whole).toBe(Number(s));
        else expect(whole).toBeInstanceOf(CliError);
      }),
      { numRuns: 500 },
    );
  });

  test('every positive decimal written out plainly reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.nat({ max: 4 }), (n, places) => {
        const text = (n / 10 ** places).toFixed(places);
        expect(outcome(text, dollars)).toBe(Number(text));
      }),
    );
  });
});
