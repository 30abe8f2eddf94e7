// Issues in the order a reader meets them in the file: an object's missing keys first (they
// have no place of their own), then its keys as written, each key's issues before the next
// key's. ajv reports in the order of the schema's keywords instead (every unknown key before
// any known one), which reads out of order when a format lists every issue.

import type { FieldPath } from './field-path.js';
import type { SchemaIssue } from './schema-issue.js';

/** Where each step of `path` is in `value`: array indexes, key positions, -1 for a missing key. */
function placeOf(value: unknown, path: FieldPath): number[] {
  const place: number[] = [];
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') {
      place.push(segment);
      node = node[segment];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) {
      place.push(Object.keys(node).indexOf(String(segment)));
      node = (node as Record<string, unknown>)[String(segment)];
    } else {
      place.push(-1);
      node = undefined;
    }
  }
  return place;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  // A field's own issues before those of its parts.
  return a.length - b.length;
}

/**
 * `issues` of `value` in document order: by where each field is in the value (a missing key
 * before its object's present keys, an object's own issues before its fields'); issues at one
 * field keep their order.
 */
export function inDocumentOrder<I extends SchemaIssue>(value: unknown, issues: readonly I[]): I[] {
  const placed = issues.map((issue) => ({ issue, place: placeOf(value, issue.path) }));
  return placed.sort((a, b) => compare(a.place, b.place)).map((p) => p.issue);
}
