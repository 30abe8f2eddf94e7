// The id an imported pair gets when it has none: a few words of the question for a reader,
// then a hash of what makes the case this case (datasource, question, SQL). The same pair
// always gets the same id, so importing a file twice reports each pair as already there
// instead of adding it again; two different pairs get different ids.

import { createHash } from 'node:crypto';

const WORDS = 5;
const SLUG_MAX = 40;
const HASH_HEX = 10;

/** Up to five ASCII words of the question, lower case, joined by `_`; `q` when none. */
function slug(question: string): string {
  const words = question
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
    .slice(0, WORDS);
  let text = '';
  for (const w of words) {
    const next = text === '' ? w : `${text}_${w}`;
    if (next.length > SLUG_MAX) break;
    text = next;
  }
  return text === '' ? 'q' : text;
}

/**
 * A stable case id for a pair: `how_many_orders_per_customer_3f9a0c1b2d`. It matches the
 * suite's id pattern for any input. Whitespace runs in the question and SQL count as one
 * space, so re-indenting a query does not make it a new case.
 */
export function pairCaseId(datasource: string, question: string, sql: string): string {
  const squash = (s: string) => s.trim().replace(/\s+/g, ' ');
  const hash = createHash('sha256')
    .update(JSON.stringify([datasource, squash(question), squash(sql)]))
    .digest('hex')
    .slice(0, HASH_HEX);
  return `${slug(question)}_${hash}`;
}
