// SQLite's strftime(format, time) written for MySQL, which has no strftime: the parser leaves
// the call as it is, and MySQL then fails with "FUNCTION STRFTIME does not exist". The
// specifiers both engines share are mapped to DATE_FORMAT's; any other (%f, %s, %J, a format
// that is not a literal) has no exact MySQL spelling, so the call is refused and the case
// must give its own sql_by_engine.mysql.
import type { PolyglotSdk } from './load.js';
import { sdkDialectOf } from './parse.js';

const SPECIFIERS: Readonly<Record<string, string>> = {
  Y: '%Y',
  m: '%m',
  d: '%d',
  H: '%H',
  M: '%i',
  S: '%s',
  w: '%w',
  j: '%j',
  '%': '%%',
};

interface Token {
  type: string;
  text: string;
  span: { start: number; end: number };
}

/** The DATE_FORMAT format for a SQLite strftime format, or a reason it has none. */
export function mysqlDateFormat(format: string): string | { unsupported: string } {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      out += c;
      continue;
    }
    const mapped = SPECIFIERS[format[i + 1] ?? ''];
    if (mapped === undefined) return { unsupported: `%${format[i + 1] ?? ''}` };
    out += mapped;
    i++;
  }
  return out;
}

/** `sql` (MySQL, as the parser wrote it) with every strftime call made a DATE_FORMAT call. */
export function strftimeToDateFormat(sdk: PolyglotSdk, sql: string): string {
  for (let round = 0; round < 100; round++) {
    const tokens = sdk.tokenize(sql, sdkDialectOf(sdk, 'mysql'));
    if (!tokens.success || !tokens.tokens) throw new Error(tokens.error ?? 'cannot tokenize');
    const list: Token[] = tokens.tokens.map((token) => {
      const raw = token as unknown as { token_type?: string; tokenType?: string };
      return { text: token.text, span: token.span, type: raw.tokenType ?? raw.token_type ?? '' };
    });
    const at = list.findIndex(
      (t, i) => t.type === 'VAR' && /^strftime$/i.test(t.text) && list[i + 1]?.type === 'L_PAREN',
    );
    if (at < 0) return sql;
    const format = list[at + 2];
    const comma = list[at + 3];
    if (format?.type !== 'STRING' || comma?.type !== 'COMMA') {
      throw new Error('strftime with a format that is not a string literal has no MySQL spelling');
    }
    const mapped = mysqlDateFormat(format.text);
    if (typeof mapped !== 'string') {
      throw new Error(`strftime's ${mapped.unsupported} has no DATE_FORMAT equivalent`);
    }
    let depth = 1;
    let close = at + 4;
    for (; close < list.length; close++) {
      const type = list[close]!.type;
      if (type === 'L_PAREN') depth++;
      else if (type === 'R_PAREN' && --depth === 0) break;
      else if (type === 'COMMA' && depth === 1) {
        throw new Error('strftime with modifiers has no DATE_FORMAT equivalent');
      }
    }
    if (close >= list.length) throw new Error('unbalanced strftime call');
    const arg = sql.slice(comma.span.end, list[close]!.span.start).trim();
    const literal = `'${mapped.replaceAll("'", "''")}'`;
    sql = `${sql.slice(0, list[at]!.span.start)}DATE_FORMAT(${arg}, ${literal})${sql.slice(list[close]!.span.end)}`;
  }
  throw new Error('too many strftime calls');
}
