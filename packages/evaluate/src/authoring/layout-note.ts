// Import and review rewrite a suite with the deterministic writer. A suite already in the
// writer's layout keeps every byte of its existing cases; one laid out by hand (comments,
// other quoting) is re-laid out, with the same data. Say so, rather than let a diff surprise.

import { readFile } from 'node:fs/promises';
import { type EvalSuite, formatSuite } from '@nl2sql/suite';

/**
 * A one-line note when `suite` as read from `path` is not in the writer's layout, so writing
 * it changes bytes of cases nobody changed; undefined when the layout is already the writer's.
 */
export async function layoutNote(path: string, suite: EvalSuite): Promise<string | undefined> {
  const text = (await readFile(path, 'utf8')).replace(/\r\n?/g, '\n');
  if (text === formatSuite(suite)) return undefined;
  return `note: ${path} was not in the suite writer's layout; it was rewritten in it (same data; comments are not kept)`;
}
