// Rewrites the Chinook suite's rows and alt_rows from the database. The suite ships inside
// @nl2sql/datasets, so this runs from a checkout with allowPackaged. Read the rows it wrote
// before committing them. Run: pnpm regenerate:chinook
import { CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { regenerate } from '../src/index.js';

const db = await openSqlite(await locateChinook());
try {
  const result = await regenerate(CHINOOK_SUITE_PATH, db, { allowPackaged: true });
  console.log(
    result.changed
      ? `${CHINOOK_SUITE_PATH}: rewrote rows of ${result.changedCases.length} case(s): ${result.changedCases.join(', ') || '(format only)'}`
      : `${CHINOOK_SUITE_PATH}: unchanged (${result.statements} statements run)`,
  );
} finally {
  await db.close();
}
