// Statements that try to exhaust memory with one value, one row or one result, and the
// statement timeout the bench runs them under (the datasource default).

export const TIMEOUT_MS = 5000;

const ENDLESS = 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)';

export const ATTACKS: Record<string, string> = {
  'baseline (SELECT 1)': 'SELECT 1',
  'zeroblob(1e9)': 'SELECT zeroblob(1e9)',
  'randomblob(1e9)': 'SELECT randomblob(1e9)',
  "printf('%.*c', 1e9)": "SELECT printf('%.*c', 1000000000, 'x')",
  "printf('%*d', 1e9)": "SELECT printf('%*d', 1000000000, 1)",
  "repeat('x', 1e9)": "SELECT repeat('x', 1e9)",
  'hex(zeroblob(3e6))': 'SELECT hex(zeroblob(3000000))',
  's || s doubling': `WITH RECURSIVE r(s) AS (SELECT 'x' UNION ALL SELECT s || s FROM r) SELECT max(length(s)) FROM r`,
  'replace() growth': `WITH RECURSIVE r(s) AS (SELECT 'xy' UNION ALL SELECT replace(s, 'x', 'xx') || s FROM r) SELECT length(s) FROM r`,
  'char() doubling': `WITH RECURSIVE r(s) AS (SELECT char(1114111) UNION ALL SELECT s || s || char(65) FROM r) SELECT length(s) FROM r`,
  'group_concat, endless': `${ENDLESS} SELECT length(group_concat('xxxxxxxxxx', '')) FROM r`,
  'zeroblob(4e6) per Track row': 'SELECT zeroblob(4000000) FROM Track',
  '4 MB rows, endless': `${ENDLESS} SELECT randomblob(4000000) FROM r`,
  'one row of 40 x 4 MB': `SELECT ${Array.from({ length: 40 }, () => 'randomblob(4000000)').join(', ')}`,
};
