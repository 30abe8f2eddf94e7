// Independent reference values for the interval tests. Nothing here calls the package or
// jstat: the normal quantile comes from erfc (positive series / continued fraction) and
// bisection, and Clopper-Pearson from bisection on a binomial CDF summed term by term.

/** erfc(x) for x >= 0 to ~1e-15 relative. */
function erfc(x: number): number {
  if (x < 2.5) {
    // erf(x) = 2/sqrt(pi) e^{-x^2} sum 2^n x^{2n+1} / (1*3*...*(2n+1)): all terms positive.
    let term = x;
    let sum = x;
    for (let n = 1; n < 500; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
      if (term < 1e-18 * sum) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
  }
  // erfc(x) = e^{-x^2}/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), Lentz's method.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 1000; n++) {
    const a = n / 2;
    d = x + a * d;
    if (d === 0) d = tiny;
    c = x + a / c;
    if (c === 0) c = tiny;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-17) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** z with P(Z > z) = tail, for 0 < tail < 0.5, by bisection on the normal upper tail. */
export function normalUpperQuantile(tail: number): number {
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (0.5 * erfc(mid / Math.SQRT2) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Wilson bounds as the roots of the score test's quadratic in p:
 * (n + z^2) p^2 - (2k + z^2) p + k^2/n = 0 (a different algebraic form from the package's).
 */
export function wilsonReference(k: number, n: number, level: number): [number, number] {
  const z = normalUpperQuantile((1 - level) / 2);
  const a = n + z * z;
  const b = -(2 * k + z * z);
  const c = (k * k) / n;
  const root = Math.sqrt(Math.max(0, b * b - 4 * a * c));
  // Stable quadratic roots: avoid subtracting nearly equal numbers.
  const q = -0.5 * (b - root);
  const r1 = q / a;
  const r2 = q === 0 ? 0 : c / q;
  return [Math.min(r1, r2), Math.max(r1, r2)];
}

/** log of the binomial(n, p) pmf at i, from a sum of logs (no gamma function). */
function logPmf(i: number, n: number, p: number, logChoose: readonly number[]): number {
  const a = i === 0 ? 0 : i * Math.log(p);
  const b = i === n ? 0 : (n - i) * Math.log1p(-p);
  return logChoose[i]! + a + b;
}

function logChooseTable(n: number): number[] {
  const table = [0];
  for (let i = 1; i <= n; i++) table.push(table[i - 1]! + Math.log((n - i + 1) / i));
  return table;
}

/** P(X <= k) for X ~ binomial(n, p), summing every term. */
function binomialCdf(k: number, n: number, p: number, logChoose: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(logPmf(i, n, p, logChoose));
  return sum;
}

/** P(X >= k) for X ~ binomial(n, p), summing every term. */
function binomialUpperTail(k: number, n: number, p: number, logChoose: readonly number[]): number {
  let sum = 0;
  for (let i = k; i <= n; i++) sum += Math.exp(logPmf(i, n, p, logChoose));
  return sum;
}

/** The p in (0, 1) where a monotone f(p) crosses target, by 200 bisection steps. */
function bisect(f: (p: number) => number, target: number, increasing: boolean): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target === increasing) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Clopper-Pearson bounds by bisection on the exact tails: the lower bound is the p with
 * P(X >= k) = tail, the upper bound the p with P(X <= k) = tail.
 */
export function clopperPearsonReference(k: number, n: number, level: number): [number, number] {
  const tail = (1 - level) / 2;
  const logChoose = logChooseTable(n);
  const lower = k === 0 ? 0 : bisect((p) => binomialUpperTail(k, n, p, logChoose), tail, true);
  const upper = k === n ? 1 : bisect((p) => binomialCdf(k, n, p, logChoose), tail, false);
  return [lower, upper];
}

/** McNemar's exact p with BigInt binomial coefficients, as a check on the float version. */
export function mcnemarReference(lost: number, gained: number): number {
  const n = lost + gained;
  const m = Math.min(lost, gained);
  let choose = 1n;
  let tail = 0n;
  for (let i = 0; i <= m; i++) {
    if (i > 0) choose = (choose * BigInt(n - i + 1)) / BigInt(i);
    tail += choose;
  }
  // 2 * tail / 2^n, keeping 60 significant bits of the quotient so tiny p survive.
  const numerator = 2n * tail;
  const shift = 60 - (numerator.toString(2).length - (n + 1));
  const scaled =
    shift >= 0 ? (numerator << BigInt(shift)) >> BigInt(n) : numerator >> BigInt(n - shift);
  return Math.min(1, Number(scaled) * 2 ** -shift);
}
