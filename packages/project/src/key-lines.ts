// The line a field of a YAML document is on. A problem with a key (unknown, misspelt, a bad
// name) or with its value is reported on the line of the key, where a person looks for it:
// for a block value (`engines:` followed by an indented map) the value itself starts on the
// next line. For a path into something that does not exist, the deepest part that does.

import type { FieldPath } from '@nl2sql/format';
import { type Document, isMap, isNode, isScalar, isSeq, type LineCounter } from 'yaml';

/** The 1-based line of `path` in `doc`, or undefined when not even the root has a place. */
export function lineOf(
  doc: Document,
  lineCounter: LineCounter,
  path: FieldPath,
): number | undefined {
  const line = (offset: number) => lineCounter.linePos(offset).line;
  let node: unknown = doc.contents;
  let found = isNode(node) && node.range ? line(node.range[0]) : undefined;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isScalar(p.key) && String(p.key.value) === String(segment),
      );
      if (!pair) return found;
      if (isNode(pair.key) && pair.key.range) found = line(pair.key.range[0]);
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (!isNode(item) || !item.range) return found;
      found = line(item.range[0]);
      node = item;
    } else {
      return found;
    }
  }
  return found;
}
