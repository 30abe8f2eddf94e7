// How figures read on the page and in the charts. Fixed precision, no locale and no clock,
// so the same data always gives the same bytes.

/** 0.5742 -> `57.4%`. */
export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** Dollars with four decimals below a dollar (eval runs cost cents). */
export function dollars(amount: number): string {
  return amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`;
}

/**
 * 1234.4 -> `1,234 ms`; at ten seconds and over, seconds; below ten milliseconds two
 * decimals (`0.22 ms`), so the harness's sub-millisecond overhead does not read as 0.
 */
export function millis(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  return `${groupThousands(Math.round(ms))} ms`;
}

/** 1234567 -> `1,234,567`. */
export function groupThousands(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = Math.abs(Math.trunc(n)).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A coordinate in an SVG: one decimal, no `-0`. */
export function coord(n: number): string {
  const text = n.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}

/** The first twelve hex digits of a digest, as the boards show them. */
export function shortDigest(digest: string): string {
  return digest.slice(0, 12);
}

/** The first seven characters of a commit, as git shows it. */
export function shortCommit(commit: string): string {
  return /^[0-9a-f]{8,}$/i.test(commit) ? commit.slice(0, 7) : commit;
}
