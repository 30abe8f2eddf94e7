// When two SQL texts are the same proposal for the review queue. A judge proposes a model's
// text, and a model rewrites the same query with other line breaks and indentation from run
// to run; a person who rejected it once should not be asked again for a reflowed copy. So
// runs of whitespace outside quotes count as one space, and ends (whitespace, one final
// semicolon) are set aside. Quoted text ('..', "..", `..`, [..]) is kept byte for byte: a
// literal with two spaces is another value. Nothing else is normalised (keyword case, aliases):
// those can change what a query means, and deciding that is the judge's and the reviewer's job.

const CLOSING: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' };

/** The text a proposal is compared by: whitespace outside quotes as single spaces. */
export function sqlKey(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const close = CLOSING[ch];
    if (close !== undefined) {
      // A doubled closing quote inside is an escaped quote, not the end.
      let j = i + 1;
      for (;;) {
        const end = sql.indexOf(close, j);
        if (end === -1) {
          j = sql.length;
          break;
        }
        if (close !== ']' && sql[end + 1] === close) {
          j = end + 2;
          continue;
        }
        j = end + 1;
        break;
      }
      out += sql.slice(i, j);
      i = j;
    } else if (/\s/.test(ch)) {
      while (i < sql.length && /\s/.test(sql[i] as string)) i++;
      out += ' ';
    } else {
      out += ch;
      i++;
    }
  }
  return out.trim().replace(/\s*;$/, '').trimEnd();
}

/** True when `a` and `b` are the same SQL for the review queue (see sqlKey). */
export function sameSql(a: string, b: string): boolean {
  return sqlKey(a) === sqlKey(b);
}
