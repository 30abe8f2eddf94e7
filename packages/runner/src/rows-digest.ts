import { createHash } from 'node:crypto';

/** SHA-256 of a result's rows as JSON: determinism compares it across passes. */
export function rowsDigest(rows: readonly (readonly unknown[])[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}
