import { describe, expect, it } from 'vitest';
import { difficulty } from '../src/index.js';

const joins = (n: number) =>
  `SELECT * FROM t0${Array.from({ length: n }, (_, i) => ` JOIN t${i + 1} ON t${i + 1}.id = t${i}.id`).join('')}`;

describe('difficulty (004 A.1)', () => {
  it('simple: 0-3 joins, no CTE', async () => {
    expect(await difficulty('SELECT Name FROM Artist', 'sqlite')).toEqual({
      level: 'simple',
      joins: 0,
      hasCte: false,
    });
    expect((await difficulty(joins(3), 'sqlite'))?.level).toBe('simple');
  });
  it('moderate: 4-6 joins, no CTE', async () => {
    expect((await difficulty(joins(4), 'sqlite'))?.level).toBe('moderate');
    expect((await difficulty(joins(6), 'sqlite'))?.level).toBe('moderate');
  });
  it('complex: 7+ joins or any CTE', async () => {
    expect(await difficulty(joins(7), 'sqlite')).toEqual({
      level: 'complex',
      joins: 7,
      hasCte: false,
    });
    expect(await difficulty('WITH a AS (SELECT 1) SELECT * FROM a', 'sqlite')).toEqual({
      level: 'complex',
      joins: 0,
      hasCte: true,
    });
  });
  it('counts comma joins and joins inside subqueries', async () => {
    expect(
      (
        await difficulty(
          'SELECT * FROM a, b WHERE a.id IN (SELECT id FROM c JOIN d ON c.x = d.x)',
          'postgres',
        )
      )?.joins,
    ).toBe(2);
  });
  it('is undefined for input that is not one query', async () => {
    expect(await difficulty('SELEC x', 'sqlite')).toBeUndefined();
  });
});
