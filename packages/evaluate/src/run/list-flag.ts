/** A repeatable, comma-separated list flag (`--roles a,b --roles c`). */
export function listFlag(
  value: string | readonly string[] | number | boolean | undefined,
): string[] | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}
