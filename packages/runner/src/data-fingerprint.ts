import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Datasource } from '@nl2sql/datasource';

/** What a database holds, for a journal to tell "the same data" from "changed since". */
export interface DataFingerprint {
  /** SHA-256 over the row counts and, for a database file, its bytes. */
  readonly digest: string;
  /** Rows per table, so a resume can name the tables that changed. */
  readonly rowCounts: Readonly<Record<string, number>>;
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The data digest of a datasource: per-table row counts, and for a SQLite file (a
 * datasource with a `file`) a SHA-256 of its content, so an edit that keeps every count
 * (an updated price) is seen too. The schema is the fingerprint's job (`databaseIdentity`).
 */
export async function dataFingerprint(
  datasource: Pick<Datasource, 'introspect'> & { readonly file?: string },
): Promise<DataFingerprint> {
  const schema = await datasource.introspect({ rowCounts: true });
  const rowCounts: Record<string, number> = {};
  for (const table of [...schema.tables].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    rowCounts[table.name] = table.rowCount ?? -1;
  }
  const content = typeof datasource.file === 'string' ? await fileSha256(datasource.file) : null;
  const digest = createHash('sha256').update(JSON.stringify({ rowCounts, content })).digest('hex');
  return { digest, rowCounts };
}
