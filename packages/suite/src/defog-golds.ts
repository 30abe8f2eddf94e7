// The gold queries of a defog sql-eval questions file: its `query` holds one or more golds
// separated by `;`, and a `{a, b}` group in a gold means any non-empty choice of its items,
// in their order (`a`, `b`, or `a, b`); an empty `{}` repeats the choice of the group before
// it (sql-eval writes `GROUP BY {}` for it). Every gold is expanded into plain SQL: the
// cartesian product of its groups' choices, capped so a file cannot make a case with
// thousands of alternatives. Quotes and comments are respected: a `;`, `{` or `,` inside a
// string literal, a quoted name or a comment is text. Why: decisions/alternatives-read-own-tables.md.

/** The most golds one `query` may expand into (gold and alternatives together). */
export const MAX_EXPANDED_GOLDS = 64;

/** Why a `query` cannot be read as golds. */
export class DefogQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DefogQueryError';
  }
}

type Piece = { kind: 'text'; text: string } | { kind: 'group'; options: string[] };

/** The end (exclusive) of the quoted text or comment starting at `i`, or undefined. */
function skipQuoted(sql: string, i: number): number | undefined {
  const ch = sql[i];
  if (ch === "'" || ch === '"' || ch === '`') {
    let j = i + 1;
    while (j < sql.length) {
      if (sql[j] === ch) {
        if (sql[j + 1] === ch) j += 2;
        else return j + 1;
      } else j++;
    }
    throw new DefogQueryError(`unterminated ${ch} quote starting at character ${i + 1}`);
  }
  if (ch === '-' && sql[i + 1] === '-') {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end;
  }
  if (ch === '/' && sql[i + 1] === '*') {
    const end = sql.indexOf('*/', i + 2);
    if (end === -1) throw new DefogQueryError(`unterminated comment at character ${i + 1}`);
    return end + 2;
  }
  return undefined;
}

/** `text` cut at each `sep` that is outside quotes, comments and (for `,`) parentheses. */
function splitOutside(text: string, sep: string, parens: boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const skipped = skipQuoted(text, i);
    if (skipped !== undefined) {
      i = skipped;
      continue;
    }
    const ch = text[i];
    if (parens && ch === '(') depth++;
    else if (parens && ch === ')') depth--;
    else if (ch === sep && depth <= 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  parts.push(text.slice(start));
  return parts;
}

/** The statements of a `query` cell, each trimmed, empty ones dropped. */
export function splitGolds(query: string): string[] {
  return splitOutside(query, ';', false)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A gold cut into text and `{...}` groups. */
function pieces(sql: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  let i = 0;
  while (i < sql.length) {
    const skipped = skipQuoted(sql, i);
    if (skipped !== undefined) {
      text += sql.slice(i, skipped);
      i = skipped;
      continue;
    }
    const ch = sql[i];
    if (ch === '}') throw new DefogQueryError(`a } without its { at character ${i + 1}`);
    if (ch !== '{') {
      text += ch;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < sql.length && sql[j] !== '}') {
      const inner = skipQuoted(sql, j);
      if (sql[j] === '{') throw new DefogQueryError(`a { inside a { } group at character ${j + 1}`);
      j = inner ?? j + 1;
    }
    if (j >= sql.length) throw new DefogQueryError(`a { without its } at character ${i + 1}`);
    const body = sql.slice(i + 1, j);
    const options = body.trim() === '' ? [] : splitOutside(body, ',', true).map((o) => o.trim());
    if (options.some((o) => o === ''))
      throw new DefogQueryError(`an empty choice in {${body}} at character ${i + 1}`);
    out.push({ kind: 'text', text });
    text = '';
    out.push({ kind: 'group', options });
    i = j + 1;
  }
  out.push({ kind: 'text', text });
  return out;
}

/** Every non-empty choice of `options`, in their order: 2^n - 1 of them. */
function choices(options: readonly string[]): string[] {
  const out: string[] = [];
  for (let size = 1; size <= options.length; size++) {
    const pick = (from: number, chosen: string[]): void => {
      if (chosen.length === size) {
        out.push(chosen.join(', '));
        return;
      }
      for (let k = from; k < options.length; k++) pick(k + 1, [...chosen, options[k] as string]);
    };
    pick(0, []);
  }
  return out;
}

/** How many queries `sql` expands into (without building them). */
export function expansionCount(sql: string): number {
  return pieces(sql).reduce(
    (n, p) => (p.kind === 'group' && p.options.length > 0 ? n * (2 ** p.options.length - 1) : n),
    1,
  );
}

/** The plain queries one gold stands for, or a DefogQueryError past `cap`. */
export function expandGold(sql: string, cap = MAX_EXPANDED_GOLDS): string[] {
  const parts = pieces(sql);
  const count = expansionCount(sql);
  if (count > cap)
    throw new DefogQueryError(
      `its { } groups expand into ${count} queries, over the limit of ${cap}; write the golds out, separated by ;`,
    );
  let partial: Array<{ text: string; last: string | undefined }> = [{ text: '', last: undefined }];
  for (const p of parts) {
    if (p.kind === 'text') {
      partial = partial.map((q) => ({ ...q, text: q.text + p.text }));
    } else if (p.options.length === 0) {
      partial = partial.map((q) => {
        if (q.last === undefined)
          throw new DefogQueryError('an empty {} with no { } group before it to repeat');
        return { ...q, text: q.text + q.last };
      });
    } else {
      const picks = choices(p.options);
      partial = partial.flatMap((q) => picks.map((c) => ({ text: q.text + c, last: c })));
    }
  }
  return partial.map((q) => q.text);
}

/** The golds of a `query` cell: each statement expanded, duplicates dropped, at most `cap`. */
export function defogGolds(query: string, cap = MAX_EXPANDED_GOLDS): string[] {
  const golds: string[] = [];
  for (const statement of splitGolds(query)) {
    for (const sql of expandGold(statement, cap)) if (!golds.includes(sql)) golds.push(sql);
    if (golds.length > cap)
      throw new DefogQueryError(
        `its golds expand into more than ${cap} queries; write fewer, or split the question`,
      );
  }
  if (golds.length === 0) throw new DefogQueryError('it holds no SQL');
  return golds;
}
