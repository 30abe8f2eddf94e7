// How long a server asked us to wait before trying again.

/**
 * Milliseconds a server asked to wait: `retry-after-ms` (OpenAI), else `retry-after` as
 * seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
): number | undefined {
  const first = (name: string): string | undefined => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const ms = first('retry-after-ms');
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = first('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
