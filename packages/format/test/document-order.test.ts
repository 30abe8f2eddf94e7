import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FieldPath, inDocumentOrder, type SchemaIssue } from '../src/index.js';

const issue = (path: FieldPath, message = 'wrong'): SchemaIssue => ({
  path,
  keyword: 'type',
  message,
});

describe('inDocumentOrder', () => {
  it('puts an object missing keys first, then its keys as written, parts after their field', () => {
    const value = { b: { y: 1, x: 2 }, a: [0, { z: 1 }] };
    const issues = [
      issue(['a', 1, 'z']),
      issue(['a']),
      issue(['b', 'x']),
      issue(['missing']),
      issue(['b', 'y']),
      issue(['b', 'gone']),
      issue(['a', 0]),
    ];
    expect(inDocumentOrder(value, issues).map((i) => i.path)).toEqual([
      ['missing'],
      ['b', 'gone'],
      ['b', 'y'],
      ['b', 'x'],
      ['a'],
      ['a', 0],
      ['a', 1, 'z'],
    ]);
  });

  it('keeps the order of issues at one field', () => {
    const value = { a: 'x' };
    const ordered = inDocumentOrder(value, [issue(['a'], 'first'), issue(['a'], 'second')]);
    expect(ordered.map((i) => i.message)).toEqual(['first', 'second']);
  });

  it('property: a reordering of the same issues, whatever order they came in', () => {
    const value = { c: { d: [1, 2, 3] }, a: 1, b: { e: 1, f: 2 } };
    const paths: FieldPath[] = [
      ['c'],
      ['c', 'd'],
      ['c', 'd', 0],
      ['c', 'd', 2],
      ['a'],
      ['b', 'f'],
      ['b', 'e'],
      ['b', 'nope'],
      ['nope'],
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(paths), (chosen) => {
        const issues = chosen.map((p) => issue(p));
        const once = inDocumentOrder(value, issues);
        const key = (i: SchemaIssue) => JSON.stringify(i.path);
        expect(once.map(key).sort()).toEqual(issues.map(key).sort());
        // The order depends on the value only: any arrival order gives the same sequence.
        expect(inDocumentOrder(value, [...issues].reverse())).toEqual(once);
      }),
    );
  });
});
