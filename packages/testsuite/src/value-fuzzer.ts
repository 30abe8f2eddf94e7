// One column's values in a variant: by its kind (integer, real, text, date, blob), from the
// original's sample, and from the literals the golds compare it with together with their
// neighbours (one below, one above, a second before midnight, the same day a year earlier, the
// same name in another case), so a filter selects rows and rows sit just outside it.
import type { ColumnProfile } from './column-profile.js';
import { DAY, dateShape, formatDate, parseDate, shiftYears } from './date-text.js';
import type { ColumnLiteral } from './gold-analysis.js';
import type { SeededRandom } from './seeded-random.js';
import type { VariantKnobs } from './variant-knobs.js';

export type Value = null | number | string | Buffer;

function stepOf(decimals: number): number {
  return 10 ** -Math.max(0, Math.min(decimals, 6));
}

function roundTo(x: number, decimals: number): number {
  return Number(x.toFixed(Math.max(0, Math.min(decimals, 6))));
}

function datesAround(text: string, profile: ColumnProfile): string[] {
  const seconds = parseDate(text);
  if (seconds === undefined) return [text];
  const shape = profile.dateShape ?? dateShape(text) ?? 'date';
  const at = (s: number) => formatDate(s, shape);
  const out = [at(seconds)];
  if (shape !== 'date') out.push(at(seconds - 1), at(seconds + 1));
  out.push(at(seconds - DAY), at(seconds + DAY));
  for (const years of [-1, 1]) {
    const moved = shiftYears(at(seconds), years);
    if (moved !== undefined) out.push(moved);
  }
  return out;
}

function likeInstances(pattern: string): string[] {
  const fill = (p: string, any: string) => p.replaceAll('%', any).replaceAll('_', 'x');
  const exact = fill(pattern, '');
  const longer = fill(pattern, ' zz');
  return [exact, longer, exact.toLowerCase(), `q${exact}`];
}

/**
 * The values a column's gold literals suggest, the literals themselves first. Deterministic:
 * it depends on the literals and the profile only.
 */
export function literalNeighbours(
  profile: ColumnProfile,
  literals: readonly ColumnLiteral[],
): (number | string)[] {
  const out: (number | string)[] = [];
  for (const lit of literals) {
    if (lit.kind === 'number') {
      const n = Number(lit.value);
      if (!Number.isFinite(n)) continue;
      if (profile.kind === 'integer') {
        if (Number.isInteger(n)) out.push(n, n - 1, n + 1);
        else out.push(Math.floor(n), Math.ceil(n));
      } else if (profile.kind === 'real') {
        const step = stepOf(profile.decimals ?? 2);
        out.push(n, roundTo(n - step, 6), roundTo(n + step, 6));
      } else {
        out.push(lit.value);
      }
      continue;
    }
    if (lit.op === 'like' || lit.op === 'ilike') {
      out.push(...likeInstances(lit.value));
    } else if (profile.kind === 'date') {
      out.push(...datesAround(lit.value, profile));
    } else if (profile.kind === 'integer' || profile.kind === 'real') {
      const n = Number(lit.value);
      if (lit.value.trim() !== '' && Number.isFinite(n)) out.push(n, n - 1, n + 1);
    } else {
      out.push(lit.value, lit.value.toLowerCase(), lit.value.toUpperCase(), `${lit.value} zz`);
    }
  }
  return [...new Set(out)];
}

/** Draws the values of one column of one variant. */
export class ValueFuzzer {
  private readonly used: Value[] = [];
  private readonly numbers: number[];
  private readonly words: string[];
  private readonly dateRange: [number, number] | undefined;

  constructor(
    readonly profile: ColumnProfile,
    private readonly nearLiterals: readonly (number | string)[],
    private readonly pool: readonly (number | string)[],
    private readonly hot: boolean,
    private readonly knobs: VariantKnobs,
    private readonly rng: SeededRandom,
  ) {
    this.numbers = profile.sample.filter((v): v is number => typeof v === 'number');
    this.words = [
      ...new Set(
        profile.sample.flatMap((v) =>
          typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : [],
        ),
      ),
    ];
    const seconds = [...profile.sample, ...nearLiterals]
      .map((v) => (typeof v === 'string' ? parseDate(v) : undefined))
      .filter((s): s is number => s !== undefined);
    this.dateRange =
      seconds.length > 0
        ? [Math.min(...seconds) - 365 * DAY, Math.max(...seconds) + 365 * DAY]
        : undefined;
  }

  /** A value, or NULL when the column allows it and the dice say so (never NULL when `required`). */
  draw(required = false): Value {
    const { knobs, rng } = this;
    if (!required && this.profile.nullable) {
      const rate = Math.min(0.9, knobs.nullRate * (this.hot ? 2 : 1));
      if (rng.chance(rate)) return null;
    }
    let value: Value;
    if (this.used.length > 0 && rng.chance(knobs.tieRate)) value = rng.pick(this.used);
    else if (this.nearLiterals.length > 0 && rng.chance(knobs.literalRate))
      value = rng.pickSkewed(this.nearLiterals, 2);
    else if (this.profile.sample.length > 0 && rng.chance(knobs.originalRate))
      value = rng.pick(this.profile.sample);
    else if (this.pool.length > 0 && rng.chance(0.05)) value = rng.pick(this.pool);
    else value = this.synthetic();
    this.used.push(value);
    return value;
  }

  /** A value made up from the column's kind and range. */
  synthetic(): Value {
    const { rng, profile } = this;
    switch (profile.kind) {
      case 'integer': {
        const [lo, hi] = this.range(0, 100);
        if (rng.chance(0.1)) return rng.pick([lo, hi, 0]);
        const span = Math.max(1, hi - lo);
        return rng.int(
          Math.max(Number.MIN_SAFE_INTEGER, lo - Math.ceil(span / 10)),
          Math.min(Number.MAX_SAFE_INTEGER, hi + Math.ceil(span / 10)),
        );
      }
      case 'real': {
        const [lo, hi] = this.range(0, 100);
        const decimals = profile.decimals ?? 2;
        if (rng.chance(0.1)) return rng.pick([lo, hi, 0]);
        return roundTo(lo + rng.float() * (hi - lo || 1), decimals);
      }
      case 'date': {
        const [from, to] = this.dateRange ?? [
          Date.UTC(2000, 0, 1) / 1000,
          Date.UTC(2030, 0, 1) / 1000,
        ];
        const day = Math.floor(rng.int(Math.floor(from / DAY), Math.floor(to / DAY))) * DAY;
        const shape = profile.dateShape ?? 'date';
        const time =
          shape === 'date' || (profile.midnightOnly && !rng.chance(0.1)) ? 0 : rng.int(0, DAY - 1);
        return formatDate(day + time, shape);
      }
      case 'blob':
        return Buffer.from(Array.from({ length: rng.int(1, 8) }, () => rng.int(0, 255)));
      default: {
        if (this.words.length === 0) return `value ${rng.int(1, 999)}`;
        const count = rng.int(1, 3);
        return Array.from({ length: count }, () => rng.pick(this.words)).join(' ');
      }
    }
  }

  private range(lo: number, hi: number): [number, number] {
    const all = [
      ...this.numbers,
      ...this.nearLiterals.filter((v): v is number => typeof v === 'number'),
    ];
    return all.length === 0 ? [lo, hi] : [Math.min(...all), Math.max(...all)];
  }
}
