// Test helper: a copy of a database with a pair's witness applied, written with foreign keys
// enforced and checked afterwards, so a witness can only describe data that could exist.
import { copyFile } from 'node:fs/promises';
import sqlite3 from 'sqlite3';

function exec(db: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => db.exec(sql, (e) => (e ? reject(e) : resolve())));
}

function all(db: sqlite3.Database, sql: string): Promise<unknown[]> {
  return new Promise((resolve, reject) =>
    db.all(sql, (e, rows) => (e ? reject(e) : resolve(rows))),
  );
}

/** Writes `target` = `original` + `witness`; throws when the witness breaks a constraint. */
export async function buildWitnessDatabase(
  original: string,
  witness: string,
  target: string,
): Promise<void> {
  await copyFile(original, target);
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const d = new sqlite3.Database(target, (e) => (e ? reject(e) : resolve(d)));
  });
  try {
    await exec(db, 'PRAGMA foreign_keys = ON');
    await exec(db, `BEGIN;\n${witness}\n;COMMIT;`);
    const broken = await all(db, 'PRAGMA foreign_key_check');
    if (broken.length > 0)
      throw new Error(`the witness breaks foreign keys: ${JSON.stringify(broken)}`);
    const integrity = (await all(db, 'PRAGMA integrity_check')) as { integrity_check: string }[];
    if (integrity[0]?.integrity_check !== 'ok')
      throw new Error(`integrity check: ${JSON.stringify(integrity)}`);
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}
