// The YAML 1.2 core schema exactly as the `yaml` library reads it, for js-yaml. The fast
// reader (fast-yaml-reader.ts) must give the data the positional reader gives, and js-yaml's
// own schemas differ: its core schema also reads `0b101` and `_` digit separators as
// numbers, where `yaml` keeps them as text. These are `yaml`'s own tests (its `schema/core`
// and `schema/common` tags), in its order: the first that matches wins.
//
// They sit behind one js-yaml tag, so a plain scalar costs one call, and most (names, SQL
// words) are turned away by their first character. The tag's name holds a space, which YAML
// tag syntax cannot, so no file can name it: an explicit tag (`!!int`, `!!str`) is unknown
// to this schema and sends the text to the positional reader, which decides as always.

import { Schema, Type } from 'js-yaml';

const integer = (offset: number, radix: number) => (source: string) =>
  Number.parseInt(source.substring(offset), radix);

/** [test, value] in `yaml`'s order: null, bool, int (octal, decimal, hex), float (nan/inf, exp, fixed). */
const CORE: ReadonlyArray<readonly [RegExp, (source: string) => unknown]> = [
  [/^(?:~|[Nn]ull|NULL)?$/, () => null],
  [/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (s) => s[0] === 't' || s[0] === 'T'],
  [/^0o[0-7]+$/, integer(2, 8)],
  [/^[-+]?[0-9]+$/, integer(0, 10)],
  [/^0x[0-9a-fA-F]+$/, integer(2, 16)],
  [
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    (s) =>
      s.slice(-3).toLowerCase() === 'nan'
        ? Number.NaN
        : s[0] === '-'
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY,
  ],
  [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, Number.parseFloat],
  [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, Number.parseFloat],
];

/** Every core value starts with one of these, or is empty (null). */
const CORE_FIRST = /^[-+.0-9~nNtTfF]/;

function coreMatch(source: string): ((source: string) => unknown) | undefined {
  if (source !== '' && !CORE_FIRST.test(source)) return undefined;
  for (const [test, value] of CORE) if (test.test(source)) return value;
  return undefined;
}

/** The name js-yaml gives a plain scalar this schema read as null, a boolean or a number. */
export const CORE_TAG_NAME = 'fast core scalar';

const coreScalar = new Type(CORE_TAG_NAME, {
  kind: 'scalar',
  resolve: (source: unknown) => typeof source === 'string' && coreMatch(source) !== undefined,
  construct: (source: string) => coreMatch(source)?.(source),
});

/** Only implicit tags: plain scalars resolve as `yaml` resolves them; nothing can be named. */
export const CORE_SCHEMA_AS_YAML_READS_IT = new Schema({ implicit: [coreScalar], explicit: [] });
