// What each dialect spells differently for the plan model: identifiers, casts, date parts,
// concatenation, rounding, LIKE, division and NULL order. The plan's meaning is SQLite's
// (its gold database): every other dialect is written to return the same rows.
import { PlanCompileError } from './plan-compile-error.js';
import type { CastType, DatePartName, Dialect } from './plan-model.js';

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres', 'mysql', 'duckdb'];

export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'string' && (DIALECTS as readonly string[]).includes(value);
}

const CAST_TYPE: Record<Dialect, Record<CastType, string>> = {
  sqlite: { integer: 'INTEGER', real: 'REAL', text: 'TEXT' },
  postgres: { integer: 'INTEGER', real: 'DOUBLE PRECISION', text: 'TEXT' },
  // MySQL's CAST knows SIGNED, DOUBLE (8.0.17, MariaDB 10.4) and CHAR, not INTEGER or TEXT.
  mysql: { integer: 'SIGNED', real: 'DOUBLE', text: 'CHAR' },
  // SQLite's integers are 64-bit: BIGINT keeps a large SUM from overflowing a 32-bit cast.
  duckdb: { integer: 'BIGINT', real: 'DOUBLE', text: 'VARCHAR' },
};

export function castType(dialect: Dialect, to: CastType): string | undefined {
  return CAST_TYPE[dialect][to];
}

const SQLITE_PART_FORMAT: Record<Exclude<DatePartName, 'quarter'>, string> = {
  year: '%Y',
  month: '%m',
  day: '%d',
  day_of_week: '%w',
  hour: '%H',
  minute: '%M',
  second: '%S',
  year_month: '%Y-%m',
  date: '%Y-%m-%d',
};

const EXTRACT_FIELD: Record<Exclude<DatePartName, 'year_month' | 'date' | 'second'>, string> = {
  year: 'YEAR',
  quarter: 'QUARTER',
  month: 'MONTH',
  day: 'DAY',
  day_of_week: 'DOW',
  hour: 'HOUR',
  minute: 'MINUTE',
};

const MYSQL_PART_FUNCTION: Record<Exclude<DatePartName, 'year_month' | 'date'>, string> = {
  year: 'YEAR',
  quarter: 'QUARTER',
  month: 'MONTH',
  day: 'DAY',
  // DAYOFWEEK is 1 = Sunday; the plan's day_of_week is 0 = Sunday, as SQLite's %w
  day_of_week: 'DAYOFWEEK',
  hour: 'HOUR',
  minute: 'MINUTE',
  second: 'SECOND',
};

/** A date part as an integer (or a 'YYYY-MM' / 'YYYY-MM-DD' label), or undefined when unknown. */
export function datePartSql(dialect: Dialect, part: DatePartName, arg: string): string | undefined {
  switch (dialect) {
    case 'sqlite': {
      if (part === 'quarter') return `((CAST(strftime('%m', ${arg}) AS INTEGER) + 2) / 3)`;
      const format = SQLITE_PART_FORMAT[part];
      if (format === undefined) return undefined;
      const text = `strftime('${format}', ${arg})`;
      // strftime returns text; numeric parts are integers in every dialect.
      return part === 'year_month' || part === 'date' ? text : `CAST(${text} AS INTEGER)`;
    }
    case 'postgres': {
      if (part === 'year_month') return `to_char(${arg}, 'YYYY-MM')`;
      if (part === 'date') return `to_char(${arg}, 'YYYY-MM-DD')`;
      // EXTRACT(SECOND ...) carries fractions; SQLite's %S does not.
      if (part === 'second') return `CAST(FLOOR(EXTRACT(SECOND FROM ${arg})) AS INTEGER)`;
      const field = EXTRACT_FIELD[part];
      return field === undefined ? undefined : `CAST(EXTRACT(${field} FROM ${arg}) AS INTEGER)`;
    }
    case 'mysql': {
      if (part === 'year_month') return `DATE_FORMAT(${arg}, '%Y-%m')`;
      if (part === 'date') return `DATE_FORMAT(${arg}, '%Y-%m-%d')`;
      const fn = MYSQL_PART_FUNCTION[part];
      if (fn === undefined) return undefined;
      return part === 'day_of_week' ? `(${fn}(${arg}) - 1)` : `${fn}(${arg})`;
    }
    case 'duckdb': {
      // A timestamp, a date or the 'YYYY-MM-DD HH:MM:SS' text a copy of SQLite data may hold.
      const at = `CAST(${arg} AS TIMESTAMP)`;
      if (part === 'year_month') return `strftime(${at}, '%Y-%m')`;
      if (part === 'date') return `strftime(${at}, '%Y-%m-%d')`;
      if (part === 'second') return `CAST(FLOOR(EXTRACT(SECOND FROM ${at})) AS BIGINT)`;
      const field = EXTRACT_FIELD[part];
      return field === undefined ? undefined : `CAST(EXTRACT(${field} FROM ${at}) AS BIGINT)`;
    }
  }
}

/** Identifier quoting: backticks on MySQL (no ANSI_QUOTES assumed), double quotes elsewhere. */
export function quoteName(dialect: Dialect, name: string): string {
  if (dialect === 'mysql') return `\`${name.replaceAll('`', '``')}\``;
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * ROUND as SQLite does it, half away from zero on the decimal value: PostgreSQL only has
 * round(numeric, int); MySQL and DuckDB round a double on its binary value (2.675 -> 2.67),
 * so the value is made an exact decimal first.
 */
export function roundSql(dialect: Dialect, arg: string, digits: number): string {
  switch (dialect) {
    case 'sqlite':
      return `ROUND(${arg}, ${digits})`;
    case 'postgres':
      return `ROUND(CAST(${arg} AS NUMERIC), ${digits})`;
    case 'mysql':
      return `ROUND(CAST(${arg} AS DECIMAL(65, 30)), ${digits})`;
    case 'duckdb':
      return `ROUND(CAST(${arg} AS DECIMAL(38, 10)), ${digits})`;
  }
}

/**
 * String concatenation of rendered parts that are already atoms. MySQL's `||` is a logical
 * OR unless PIPES_AS_CONCAT, so it gets CONCAT (NULL if any part is, like `||`); DuckDB's
 * `||` takes text only, so each part that is not a string literal is cast.
 */
export function concatSql(
  dialect: Dialect,
  parts: readonly { sql: string; text: boolean }[],
): string {
  if (dialect === 'mysql') return `CONCAT(${parts.map((p) => p.sql).join(', ')})`;
  if (dialect === 'duckdb') {
    return parts.map((p) => (p.text ? p.sql : `CAST(${p.sql} AS VARCHAR)`)).join(' || ');
  }
  return parts.map((p) => p.sql).join(' || ');
}

/**
 * `expr LIKE pattern`, case-insensitive as SQLite's, `\` escaping the wildcards. PostgreSQL
 * and DuckDB get ILIKE with an explicit ESCAPE. MySQL's LIKE is case-insensitive under its
 * default collations; its `\` in a string literal depends on NO_BACKSLASH_ESCAPES, so the
 * pattern's escapes are rewritten with `!` as the escape character.
 */
export function likeSql(
  dialect: Dialect,
  expr: string,
  negated: boolean,
  pattern: string,
  literal: (value: string) => string,
): string {
  const not = negated ? 'NOT ' : '';
  if (dialect === 'mysql') {
    if (!pattern.includes('\\') && !pattern.includes('!')) {
      return `${expr} ${not}LIKE ${literal(pattern)}`;
    }
    let rewritten = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (c === '\\' && i + 1 < pattern.length) {
        const next = pattern[++i]!;
        if (next === '\\') {
          throw new PlanCompileError(
            'INVALID_LITERAL',
            'MySQL reads a backslash in a string differently with and without NO_BACKSLASH_ESCAPES; a LIKE pattern cannot match one there',
            '',
          );
        }
        rewritten += next === '!' ? '!!' : `!${next}`;
      } else if (c === '!') rewritten += '!!';
      else rewritten += c;
    }
    return `${expr} ${not}LIKE ${literal(rewritten)} ESCAPE '!'`;
  }
  const operator = dialect === 'sqlite' ? 'LIKE' : 'ILIKE';
  return `${expr} ${not}${operator} ${literal(pattern)} ESCAPE ${literal('\\')}`;
}

/** NULL order spelt out where the dialect's default differs from SQLite's (NULLs smallest). */
export function nullsOrder(dialect: Dialect, descending: boolean): string {
  if (dialect === 'postgres' || dialect === 'duckdb') {
    return descending ? ' NULLS LAST' : ' NULLS FIRST';
  }
  // MySQL sorts NULLs first ascending and last descending, as SQLite does.
  return '';
}
