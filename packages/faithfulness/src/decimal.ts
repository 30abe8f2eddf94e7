// Exact decimals (coef x 10^exp). Precision matching must not depend on binary floating
// point: 2.675 is stored as 2.67499999..., yet a writer who rounds it to 2.68 is right.

export interface Decimal {
  readonly coef: bigint;
  readonly exp: number;
}

const POW10: bigint[] = [1n];
for (let k = 1; k < 64; k++) POW10.push(POW10[k - 1]! * 10n);

export function pow10(k: number): bigint {
  return k < POW10.length ? POW10[k]! : 10n ** BigInt(k);
}

// Exponents beyond this are not values anyone writes in a table; refusing them keeps BigInt
// arithmetic small.
const MAX_EXPONENT = 400;

/** Parses `[+-]digits[.digits][e[+-]digits]` (or `.digits`); undefined for anything else. */
export function parseDecimal(text: string): Decimal | undefined {
  const n = text.length;
  let i = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 43 || first === 45) {
    negative = first === 45;
    i++;
  }
  const intStart = i;
  while (i < n && isDigitCode(text.charCodeAt(i))) i++;
  let digits = text.slice(intStart, i);
  let fraction = 0;
  if (i < n && text.charCodeAt(i) === 46) {
    i++;
    const fracStart = i;
    while (i < n && isDigitCode(text.charCodeAt(i))) i++;
    fraction = i - fracStart;
    digits += text.slice(fracStart, i);
  }
  if (digits.length === 0) return undefined;
  let exponent = 0;
  if (i < n && (text.charCodeAt(i) === 101 || text.charCodeAt(i) === 69)) {
    i++;
    let expNegative = false;
    if (i < n && (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45)) {
      expNegative = text.charCodeAt(i) === 45;
      i++;
    }
    const expStart = i;
    while (i < n && isDigitCode(text.charCodeAt(i))) i++;
    if (i === expStart || i - expStart > 4) return undefined;
    exponent = Number(text.slice(expStart, i)) * (expNegative ? -1 : 1);
  }
  if (i !== n) return undefined;
  const exp = exponent - fraction;
  if (Math.abs(exp) > MAX_EXPONENT || digits.length > MAX_EXPONENT) return undefined;
  const coef = BigInt(digits);
  return { coef: negative ? -coef : coef, exp };
}

/** The exact decimal a finite JS number prints as (its shortest round-trip form). */
export function decimalFromNumber(value: number): Decimal | undefined {
  if (!Number.isFinite(value)) return undefined;
  return parseDecimal(String(value));
}

export function decimalFromBigInt(value: bigint): Decimal {
  return { coef: value, exp: 0 };
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const exp = Math.min(a.exp, b.exp);
  return { coef: a.coef * pow10(a.exp - exp) + b.coef * pow10(b.exp - exp), exp };
}

export function negateDecimal(a: Decimal): Decimal {
  return { coef: -a.coef, exp: a.exp };
}

export function absDecimal(a: Decimal): Decimal {
  return a.coef < 0n ? negateDecimal(a) : a;
}

/** Multiplies by 10^k (k may be negative): a share times 100 is `shiftDecimal(share, 2)`. */
export function shiftDecimal(a: Decimal, k: number): Decimal {
  return { coef: a.coef, exp: a.exp + k };
}

/** A close binary approximation, for sorting and range search only. */
export function approximate(a: Decimal): number {
  return Number(a.coef) * 10 ** a.exp;
}

/**
 * True when `value` rounds to `written` at a unit of 10^unitExp: |value - written| <= unit / 2.
 * The bound is inclusive so that both half-up and half-even writers are accepted.
 */
export function roundsTo(value: Decimal, written: Decimal, unitExp: number): boolean {
  const e = Math.min(value.exp, written.exp, unitExp);
  const a = value.coef * pow10(value.exp - e);
  const b = written.coef * pow10(written.exp - e);
  const diff = a > b ? a - b : b - a;
  return 2n * diff <= pow10(unitExp - e);
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}
