import { describe, expect, it } from 'vitest';
import { hasTopLevelOrderBy } from '../src/index.js';

describe('hasTopLevelOrderBy', () => {
  it.each([
    ['SELECT a FROM t ORDER BY a', true],
    ['select a from t order   by a desc', true],
    ['SELECT a FROM t ORDER\n  BY a', true],
    ['SELECT a FROM t ORDER /* why */ BY a', true],
    ['SELECT a FROM t UNION SELECT b FROM u ORDER BY 1', true],
    ['WITH x AS (SELECT a FROM t ORDER BY a) SELECT a FROM x ORDER BY a', true],
    ['SELECT a FROM t', false],
    ['SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 5) s', false],
    ['SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t', false],
    ['WITH x AS (SELECT a FROM t ORDER BY a) SELECT a FROM x', false],
    ["SELECT 'ORDER BY' FROM t", false],
    ['SELECT "ORDER BY" FROM t', false],
    ['SELECT `order by` FROM t', false],
    ['SELECT [order by] FROM t', false],
    ['SELECT a FROM t -- ORDER BY a', false],
    ['SELECT a FROM t /* ORDER BY a */', false],
    ["SELECT 'it''s' AS s FROM t ORDER BY s", true],
    ["SELECT 'C:\\' AS p FROM t ORDER BY p", true],
    ['SELECT $$ORDER BY$$ FROM t', false],
    ['SELECT a AS order_by FROM t', false],
    ['SELECT border, by_x FROM t', false],
    ['SELECT a FROM t ORDER', false],
  ])('%s -> %s', (sql, expected) => {
    expect(hasTopLevelOrderBy(sql)).toBe(expected);
  });
});
