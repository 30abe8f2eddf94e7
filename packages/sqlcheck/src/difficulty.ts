// 004 A.1: difficulty from the structure of the gold SQL. Join count (every JOIN and
// every extra comma-separated FROM item, in all scopes) and CTE presence:
// simple = 0-3 joins and no CTE, moderate = 4-6 joins and no CTE, complex = 7+ joins or a CTE.
// (The spec's "simple" starts at one join because every query there joins; single-table
// lookups are simple too.)

import type { DifficultyLevel } from '@nl2sql/diagnostics';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import { arrayField, objectField, walkNodes } from './node.js';
import { parseOneQuery } from './query-parse.js';

export type { DifficultyLevel };

export interface Difficulty {
  level: DifficultyLevel;
  joins: number;
  hasCte: boolean;
}

export async function difficulty(
  sql: string,
  dialect: SqlDialect | string,
): Promise<Difficulty | undefined> {
  const d = toDialect(dialect);
  const q = parseOneQuery(await loadSdk(), sql, d);
  if (!q.ok) return undefined;
  let joins = 0;
  let hasCte = false;
  walkNodes(q.query, (kind, body) => {
    if (kind === 'select' || kind === 'union' || kind === 'intersect' || kind === 'except') {
      if (arrayField(objectField(body, 'with'), 'ctes').length > 0) hasCte = true;
    }
    if (kind === 'select') {
      joins += arrayField(body, 'joins').length;
      joins += Math.max(0, arrayField(objectField(body, 'from'), 'expressions').length - 1);
    }
    if (kind === 'joined_table') joins += arrayField(body, 'joins').length;
    return true;
  });
  const level: DifficultyLevel =
    hasCte || joins >= 7 ? 'complex' : joins >= 4 ? 'moderate' : 'simple';
  return { level, joins, hasCte };
}
