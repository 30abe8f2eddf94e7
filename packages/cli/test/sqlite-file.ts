// A small SQLite file written by a test (the CLI only ever opens databases read-only).
import sqlite3 from 'sqlite3';

/** Creates `file` and runs `statements` in it, in order. */
export async function writeDatabase(file: string, statements: readonly string[]): Promise<void> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
  });
  try {
    for (const sql of statements)
      await new Promise<void>((resolve, reject) =>
        db.run(sql, (error: Error | null) => (error ? reject(error) : resolve())),
      );
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}
