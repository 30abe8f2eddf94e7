// Colour for a person at a terminal: PASS and FAIL, case statuses and deltas. Everything
// else the CLI writes (files, JSON, a piped board) stays plain text.

import picocolors from 'picocolors';

/** The colour functions (picocolors'); with colour off each returns its text unchanged. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** No colour: for files, JSON and tests. */
export const PLAIN: Colors = picocolors.createColors(false);

/**
 * Whether output to a stream gets colour. `NO_COLOR` set to anything but the empty string
 * turns it off (no-color.org); otherwise `FORCE_COLOR` turns it on (off when it is `0` or
 * `false`), which CI logs that render ANSI (GitHub Actions) use; otherwise colour follows
 * whether the stream is a terminal, unless `TERM` is `dumb`.
 */
export function colorEnabled(
  env: Readonly<Record<string, string | undefined>>,
  isTerminal: boolean,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return isTerminal && env.TERM !== 'dumb';
}

/** The colours for a stream, by `colorEnabled`. */
export function colorsFor(
  env: Readonly<Record<string, string | undefined>>,
  isTerminal: boolean,
): Colors {
  return colorEnabled(env, isTerminal) ? picocolors.createColors(true) : PLAIN;
}

/** A case run's or a check's status: pass green, fail and error red, anything else as is. */
export function statusColor(colors: Colors, status: string, text: string = status): string {
  const word = status.toLowerCase();
  if (word === 'pass' || word === 'ok') return colors.green(text);
  if (word === 'fail' || word === 'error') return colors.red(text);
  return text;
}

/** A signed change: a gain green, a loss red, no change dim. `better` says which way is up. */
export function deltaColor(
  colors: Colors,
  delta: number,
  text: string,
  better: 'higher' | 'lower' = 'higher',
): string {
  if (delta === 0 || !Number.isFinite(delta)) return colors.dim(text);
  const good = better === 'higher' ? delta > 0 : delta < 0;
  return good ? colors.green(text) : colors.red(text);
}
